/*
 * The answering page's start call before the app's code (issue 26; src/exam/api.ts takes the answer). exam.html loads
 * this file with `async`, so it runs as soon as it has arrived, while the app's scripts are still on their way: a
 * page opened on /exam/<id>/answer by a signed-in candidate sends POST /answer/candidate/start at once, as the app
 * would after its code had arrived and run (on a 3G phone that is one round trip, ~0.6 s, before the first question).
 * The same rules as the app: the outside person's token first, else the console's; the console's tenant. Not bundled
 * (public/): a plain script of its own, allowed by the CSP's script-src 'self'; keep it tiny and free of imports.
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
