import { sysCategory, sysCheckRule, sysFillRule } from '../schema/index.ts';
import type { AreaSeed } from './area-seed.ts';
import { seedId } from './ids.ts';

/**
 * Demo rows of the dictionary area (contract §7): check rules `common` and `test`, fill rules `org_num_role`,
 * `category_code_rule` and `shop_order_num`, and a small category tree. Dictionaries themselves are seeded by the
 * foundation (data.ts) and are not touched here.
 */

export const CHECK_RULE_SEED = [
  {
    key: 'common',
    ruleName: '通用编码规则',
    ruleDescription: '规则：1、首位只能是字母；2、只能填写数字、大小写字母、下划线；3、最少3位数，最多12位数。',
    rules: [
      { digits: '1', pattern: '^[a-zA-Z]$', message: '第一位只能是字母' },
      { digits: '*', pattern: '^[0-9a-zA-Z_]*$', message: '只能填写数字、大小写字母、下划线' },
      { digits: '*', pattern: '^.{3,}$', message: '最少输入3位数' },
      { digits: '*', pattern: '^.{3,12}$', message: '最多输入12位数' },
    ],
  },
  {
    key: 'test',
    ruleName: '用于功能测试的规则',
    ruleDescription: '包含长度校验、分段校验、特殊字符校验等',
    rules: [
      { digits: '*', pattern: '^.{3,12}$', message: '只能输入3-12位字符' },
      { digits: '3', pattern: '^\\d{3}$', message: '前3位必须是数字' },
      { digits: '*', pattern: '^[^pP]*$', message: '不能输入P' },
      { digits: '4', pattern: '^@{4}$', message: '第4-7位必须都为 @' },
      { digits: '2', pattern: '^#=$', message: '第8-9位必须是 #=' },
      { digits: '1', pattern: '^O$', message: '第10位必须为大写的O' },
      { digits: '*', pattern: '^.*。$', message: '必须以。结尾' },
    ],
  },
] as const;

export const FILL_RULE_SEED = [
  { code: 'org_num_role', name: '机构编码生成', ruleClass: 'org_num_role', ruleParams: null },
  { code: 'category_code_rule', name: '分类字典编码生成', ruleClass: 'category_code_rule', ruleParams: null },
  {
    code: 'shop_order_num',
    name: '订单号生成',
    ruleClass: 'shop_order_num',
    ruleParams: JSON.stringify({ prefix: 'CN', digits: 4 }),
  },
] as const;

/** [code, name, children] — codes follow the category_code_rule scheme */
type Tree = readonly [string, string, (readonly Tree[])?];
export const CATEGORY_SEED: readonly Tree[] = [
  [
    'A01',
    '题目分类',
    [
      ['A01A01', '单选题'],
      ['A01A02', '多选题'],
      ['A01A03', '判断题'],
      ['A01A04', '填空题'],
    ],
  ],
  [
    'A02',
    '难度等级',
    [
      ['A02A01', '简单'],
      ['A02A02', '中等'],
      ['A02A03', '困难'],
    ],
  ],
  ['A03', '知识领域', [['A03A01', '安全生产', [['A03A01A01', '消防安全']]]]],
];

export const seedDictArea: AreaSeed = async ({ tx, audit }) => {
  await tx.insert(sysCheckRule).values(
    CHECK_RULE_SEED.map((r) => ({
      id: seedId(`check_rule:${r.key}`),
      ruleName: r.ruleName,
      ruleCode: r.key,
      ruleJson: JSON.stringify(r.rules),
      ruleDescription: r.ruleDescription,
      ...audit,
    })),
  );
  await tx.insert(sysFillRule).values(
    FILL_RULE_SEED.map((r) => ({
      id: seedId(`fill_rule:${r.code}`),
      ruleName: r.name,
      ruleCode: r.code,
      ruleClass: r.ruleClass,
      ruleParams: r.ruleParams,
      ...audit,
    })),
  );
  const rows: (typeof sysCategory.$inferInsert)[] = [];
  const walk = (nodes: readonly Tree[], pid: string) => {
    for (const [code, name, children] of nodes) {
      const id = seedId(`category:${code}`);
      rows.push({ id, pid, name, code, hasChild: children?.length ? '1' : '0', sysOrgCode: 'A01', ...audit });
      if (children) walk(children, id);
    }
  };
  walk(CATEGORY_SEED, '0');
  await tx.insert(sysCategory).values(rows);
};
