import type { Db } from '../client.ts';

/** What an area seed receives: the open seed transaction and the audit columns every seeded row carries. */
export interface AreaSeedContext {
  tx: Db;
  audit: { createBy: string; createTime: Date };
}

/** one area's seed function (listed in areas.ts) */
export type AreaSeed = (ctx: AreaSeedContext) => Promise<void>;
