// Lazy tree rows of the editable table (C2): pure state (tree-logic) and the React side (hook, toggle, url loader).
export * from './tree-logic';
export { TreeToggle, type UseLazyTreeOptions, urlTreeLoader, useLazyTree } from './useLazyTree';
