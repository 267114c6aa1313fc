import type { Db } from '../client.ts';
import { sysDict, sysDictItem } from '../schema/index.ts';
import type { DictSeed } from './data.ts';
import { seedId } from './ids.ts';

/** What an area seed receives: the open seed transaction and the audit columns every seeded row carries. */
export interface AreaSeedContext {
  tx: Db;
  audit: { createBy: string; createTime: Date };
}

/** one area's seed function (listed in areas.ts) */
export type AreaSeed = (ctx: AreaSeedContext) => Promise<void>;

/** the dictionaries with their items (sort order as listed), ids derived from the codes (the foundation and areas) */
export async function seedDicts({ tx, audit }: AreaSeedContext, dicts: readonly DictSeed[]): Promise<void> {
  await tx.insert(sysDict).values(
    dicts.map((d) => ({
      id: seedId(`dict:${d.code}`),
      dictName: d.name,
      dictCode: d.code,
      description: d.description ?? null,
      delFlag: 0,
      type: 0,
      ...audit,
    })),
  );
  await tx.insert(sysDictItem).values(
    dicts.flatMap((d) =>
      d.items.map(([value, text], i) => ({
        id: seedId(`dict_item:${d.code}:${value}`),
        dictId: seedId(`dict:${d.code}`),
        itemText: text,
        itemValue: value,
        sortOrder: i + 1,
        status: 1,
        ...audit,
      })),
    ),
  );
}
