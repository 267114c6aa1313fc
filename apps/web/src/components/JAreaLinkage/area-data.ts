import type { AreaData } from './area-logic';

/**
 * The administrative-division data (GB/T 2260 codes, `@vant/area-data`): ~160 kB of source, fetched as its own
 * chunk the first time an area widget or lookup needs it, never with the login page or the shell.
 */
let pending: Promise<AreaData> | undefined;
let loaded: AreaData | undefined;

export function loadAreaData(): Promise<AreaData> {
  pending ??= import('@vant/area-data').then(
    (m) => {
      loaded = m.areaList;
      return loaded;
    },
    (err: unknown) => {
      pending = undefined;
      throw err;
    },
  );
  return pending;
}

/** the data when it has arrived (for a synchronous first render) */
export function areaDataNow(): AreaData | undefined {
  return loaded;
}
