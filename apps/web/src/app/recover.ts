/**
 * New deployments: the hashed file names of the running app are gone from the server once it serves a new build, so
 * a page whose code was not loaded yet cannot load until the app is reloaded.
 */

const RELOADED_FOR = 'answer:reloaded-for-deployment';

/** the entry script (`<script type="module" src>`) an index.html names, or null */
export function entryScriptOf(html: string): string | null {
  const m = /<script\b[^>]*\btype=["']module["'][^>]*\bsrc=["']([^"']+)["']/i.exec(html);
  return m ? m[1] : null;
}

/** the running app's entry script, as written in its index.html */
function runningEntry(): string | null {
  const el = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  return el ? el.getAttribute('src') : null;
}

/**
 * Asks the server for its index.html: the entry it names when that differs from the running app's (a new
 * deployment), otherwise null (same build, or the server is not reachable).
 */
export async function deploymentChanged(): Promise<string | null> {
  const running = runningEntry();
  if (!running) return null;
  try {
    const res = await fetch('/', { cache: 'no-store', headers: { Accept: 'text/html' } });
    if (!res.ok) return null;
    const served = entryScriptOf(await res.text());
    return served && served !== running ? served : null;
  } catch {
    return null;
  }
}

/** Reloads the app to take the new deployment, once per deployment (a reload that does not cure it is not repeated). */
export function reloadOnceForDeployment(entry: string): boolean {
  try {
    if (sessionStorage.getItem(RELOADED_FOR) === entry) return false;
    sessionStorage.setItem(RELOADED_FOR, entry);
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}
