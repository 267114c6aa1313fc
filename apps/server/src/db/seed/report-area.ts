import { REPORT_ITEM_DEFAULTS } from '../../modules/cgreport/report.ts';
import { onlCgreportHead, onlCgreportItem, onlCgreportParam } from '../schema/index.ts';
import type { AreaSeedContext } from './area-seed.ts';
import { seedId } from './ids.ts';

/**
 * Online报表配置 demo reports (JeecgBoot's seeds, contract-2 §4.4): daily sign-ins from the log table (report002), the
 * users (report_user, opened by the menu 在线开发/Online报表示例, and usable by a JPopup: username / realname), the users
 * of one sex (tj_user_report, a `${sex}` parameter) and the demo table with totals and group titles.
 */

export const SEED_REPORTS = {
  signIns: seedId('cgreport:report002'),
  users: '6c7f59741c814347905a938f06ee003c',
  usersBySex: '1260179852088135681',
  demo: '87b55a515d3441b6b98e48e5b35474a6',
} as const;

type ItemSeed = Partial<typeof onlCgreportItem.$inferInsert> & { fieldName: string; fieldTxt: string };

const REPORTS: {
  id: string;
  code: string;
  name: string;
  cgrSql: string;
  items: ItemSeed[];
  params?: { paramName: string; paramTxt: string; paramValue?: string }[];
}[] = [
  {
    id: SEED_REPORTS.signIns,
    code: 'report002',
    name: '统计登录每日登录次数',
    cgrSql:
      "select to_char(create_time, 'YYYY-MM-DD') as tian, count(*) as num from sys_log where log_type = 1 group by to_char(create_time, 'YYYY-MM-DD')",
    items: [
      { fieldName: 'tian', fieldTxt: '日期', fieldType: 'Date', isOrder: 1, isSearch: 1, searchMode: 'group' },
      { fieldName: 'num', fieldTxt: '登录次数', fieldType: 'Long', isOrder: 1, isTotal: '1' },
    ],
  },
  {
    id: SEED_REPORTS.users,
    code: 'report_user',
    name: '用户报表',
    cgrSql: 'select * from sys_user where del_flag = 0',
    items: [
      { fieldName: 'username', fieldTxt: '账号', isOrder: 1, isSearch: 1, fieldWidth: 120 },
      { fieldName: 'realname', fieldTxt: '姓名', isSearch: 1, fieldWidth: 120 },
      { fieldName: 'sex', fieldTxt: '性别', dictCode: 'sex', isSearch: 1, fieldWidth: 80 },
      { fieldName: 'birthday', fieldTxt: '生日', fieldType: 'Date', fieldWidth: 120 },
      { fieldName: 'phone', fieldTxt: '手机号', fieldWidth: 130 },
      { fieldName: 'email', fieldTxt: '邮箱', fieldWidth: 180 },
      { fieldName: 'status', fieldTxt: '状态', dictCode: 'user_status', fieldWidth: 80 },
      { fieldName: 'create_time', fieldTxt: '创建时间', fieldType: 'Datetime', isOrder: 1, fieldWidth: 170 },
      { fieldName: 'id', fieldTxt: 'ID', isShow: 0 },
    ],
  },
  {
    id: SEED_REPORTS.usersBySex,
    code: 'tj_user_report',
    name: '按性别统计用户',
    cgrSql:
      'select username, realname, sex, create_time from sys_user where del_flag = 0 and (${sex}::text is null or sex::text = ${sex})',
    items: [
      { fieldName: 'username', fieldTxt: '账号', isOrder: 1 },
      { fieldName: 'realname', fieldTxt: '姓名' },
      { fieldName: 'sex', fieldTxt: '性别', dictCode: 'sex' },
      { fieldName: 'create_time', fieldTxt: '创建时间', fieldType: 'Datetime', isOrder: 1 },
    ],
    params: [{ paramName: 'sex', paramTxt: '性别' }],
  },
  {
    id: SEED_REPORTS.demo,
    code: 'demo',
    name: '示例报表',
    cgrSql: 'select name, sex, age, salary_money, bonus_money, birthday from demo',
    items: [
      { fieldName: 'name', fieldTxt: '姓名', isSearch: 1, isOrder: 1 },
      { fieldName: 'sex', fieldTxt: '性别', dictCode: 'sex', isSearch: 1 },
      {
        fieldName: 'age',
        fieldTxt: '年龄',
        fieldType: 'Integer',
        isOrder: 1,
        isTotal: '1',
        isSearch: 1,
        searchMode: 'group',
      },
      { fieldName: 'salary_money', fieldTxt: '工资', fieldType: 'BigDecimal', isTotal: '1', groupTitle: '收入' },
      { fieldName: 'bonus_money', fieldTxt: '奖金', fieldType: 'BigDecimal', isTotal: '1', groupTitle: '收入' },
      { fieldName: 'birthday', fieldTxt: '生日', fieldType: 'Date' },
    ],
  },
];

export async function seedReportArea({ tx, audit }: AreaSeedContext): Promise<void> {
  await tx
    .insert(onlCgreportHead)
    .values(
      REPORTS.map((r) => ({ id: r.id, code: r.code, name: r.name, cgrSql: r.cgrSql, returnType: '1', ...audit })),
    );
  await tx.insert(onlCgreportItem).values(
    REPORTS.flatMap((r) =>
      r.items.map((item, i) => ({
        id: seedId(`cgreport_item:${r.code}:${item.fieldName}`),
        cgrheadId: r.id,
        ...REPORT_ITEM_DEFAULTS,
        orderNum: i,
        ...item,
        ...audit,
      })),
    ),
  );
  const params = REPORTS.flatMap((r) =>
    (r.params ?? []).map((p, i) => ({
      id: seedId(`cgreport_param:${r.code}:${p.paramName}`),
      cgrheadId: r.id,
      paramName: p.paramName,
      paramTxt: p.paramTxt,
      paramValue: p.paramValue ?? null,
      orderNum: i,
      ...audit,
    })),
  );
  if (params.length) await tx.insert(onlCgreportParam).values(params);
}
