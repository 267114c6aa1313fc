/** Time allowed for one view chunk before it counts as a load failure (spec 01 §9: 120 s). */
export const VIEW_LOAD_TIMEOUT_MS = 120_000;

export class ViewLoadTimeoutError extends Error {
  constructor(what: string) {
    super(`ChunkLoadError: loading ${what} timed out after ${VIEW_LOAD_TIMEOUT_MS / 1000} s`);
    this.name = 'ChunkLoadError';
  }
}

export function loadWithTimeout<T>(load: () => Promise<T>, what: string, ms = VIEW_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ViewLoadTimeoutError(what)), ms);
    load().then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}
