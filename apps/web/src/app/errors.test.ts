import { describe, expect, it } from 'vitest';
import { classifyLoadError } from './errors';

describe('classifyLoadError', () => {
  const named = (name: string, message: string) => Object.assign(new Error(message), { name });
  it.each([
    [new TypeError('Failed to fetch dynamically imported module: http://x/assets/UserList-abc.js'), 'ChunkLoadError'],
    [new TypeError('error loading dynamically imported module: http://x/a.js'), 'ChunkLoadError'],
    [new TypeError('Importing a module script failed.'), 'ChunkLoadError'],
    [named('ChunkLoadError', 'loading system/UserList timed out after 120 s'), 'ChunkLoadError'],
    [new Error('Unable to preload CSS for /assets/x.css'), 'CSS_CHUNK_LOAD_FAILED'],
    [new Error('MODULE_NOT_FOUND: system/Nope'), 'MODULE_NOT_FOUND'],
    [new Error('Cannot read properties of undefined'), null],
    ['plain string', null],
    [null, null],
  ])('%s → %s', (error, kind) => {
    expect(classifyLoadError(error)).toBe(kind);
  });
});
