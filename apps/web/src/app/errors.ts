/** Names of the load failures of spec 01 §8, shown on the retry page. */
export type LoadFailure = 'ChunkLoadError' | 'CSS_CHUNK_LOAD_FAILED' | 'MODULE_NOT_FOUND';

/** Classifies an error thrown while loading a route's code (messages of Chromium, Firefox, Safari and Vite). */
export function classifyLoadError(error: unknown): LoadFailure | null {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (/Unable to preload CSS|CSS_CHUNK_LOAD_FAILED/i.test(message)) return 'CSS_CHUNK_LOAD_FAILED';
  if (/MODULE_NOT_FOUND/.test(message)) return 'MODULE_NOT_FOUND';
  if (
    name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Loading chunk [\w-]+ failed|ChunkLoadError/i.test(
      message,
    )
  ) {
    return 'ChunkLoadError';
  }
  return null;
}
