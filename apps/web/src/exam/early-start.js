/*
 * The answering page's start call before the app's code (issue 26; src/exam/api.ts takes the answer). Not a module of
 * the bundle: the build emits it as a classic script of its own under a content-hashed name (assets/, cached for a
 * year) and exam.html loads it `async` (vite.config.ts, examEarlyStart), so it runs as soon as it is there, while the
 * app's scripts are still on their way or being compiled. On /exam/<id>/answer with a signed-in candidate it sends
 * POST /answer/candidate/start at once, as the app would once its code has arrived and run: on a 3G phone that takes
 * a round trip (~0.6 s) off the way to the first question. The same rules as the app: the outside person's token
 * first, else the console's; the console's tenant. The CSP (script-src 'self') allows it; keep it tiny, no imports.
 */
(() => {
  const match = /^\/exam\/([^/]+)\/answer\/?$/.exec(location.pathname);
  // the app has looked already (this file came late): it sends the call itself
  if (!match || window.__examStart !== undefined) return;
  const stored = (key) => {
    try {
      const raw = JSON.parse(localStorage.getItem(key) || 'null');
      if (!raw || typeof raw !== 'object' || !('value' in raw)) return null;
      if (raw.expire != null && raw.expire <= Date.now()) return null;
      return raw.value;
    } catch {
      return null;
    }
  };
  const outside = stored('answer:exam-candidate');
  const token = outside?.token || stored('pro__Access-Token');
  if (typeof token !== 'string' || !token) return;
  let examId;
  try {
    examId = decodeURIComponent(match[1]);
  } catch {
    return;
  }
  const url = '/jeecg-boot/answer/candidate/start';
  window.__examStart = {
    examId,
    url,
    token,
    response: fetch(url, {
      method: 'POST',
      headers: {
        'X-Access-Token': token,
        'tenant-id': String(stored('pro__TENANT_ID') || 0),
        'Content-Type': 'application/json;charset=UTF-8',
      },
      body: JSON.stringify({ examId }),
      // no answer (offline): the app asks again itself; never an unhandled rejection
    }).catch(() => null),
  };
})();
