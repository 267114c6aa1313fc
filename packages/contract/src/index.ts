export * from './constants.ts';
export * from './dict-spec.ts';
export * from './errors.ts';
export * from './menu.ts';
export * from './result.ts';
export * from './rich-text.ts';
export * from './safe-link.ts';
export * from './user.ts';
