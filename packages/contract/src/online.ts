/**
 * Form views of an online form field (contract-2 §4.2, `fieldShowType`), shared by the server (which accepts them in a
 * definition) and the web (which renders each as a widget).
 */
/** in the order of contract-2 §4.2 */
export const FORM_VIEWS = [
  'list',
  'radio',
  'checkbox',
  'list_multi',
  'sel_search',
  'sel_tree',
  'cat_tree',
  'popup',
  'link_down',
  'sel_user',
  'sel_depart',
  'switch',
  'date',
  'datetime',
  'time',
  'file',
  'image',
  'textarea',
  'password',
  'umeditor',
  'markdown',
  'pca',
  'rate',
  'text',
  'number',
  'integer',
  'hidden',
] as const;

export type FormView = (typeof FORM_VIEWS)[number];
