import { ok } from '@answer/contract';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { exampleForm, exampleItem, exampleProject, exampleRule, exampleTransfer } from '../../db/schema/index.ts';
import { defineCrud, registerCrud } from '../../platform/crud.ts';
import { bizError } from '../../platform/errors.ts';
import { defineListEntity, listPage } from '../../platform/list-query.ts';
import { parse, requiredStr, str } from '../../platform/validation.ts';

/**
 * The template's example pages (issue 16; menu 表单页 / 列表页 / 详情页): what the three forms submit, and the rows the
 * list pages page, sort and search through the list machinery. Reading needs the page's menu, writing its button
 * permission (seeded under the page, granted to admin). `/mock/api/list/search/projects` answers the original
 * Workplace's call (contract-2 §6: it reads `result.data`) from the same rows.
 */

export const EXAMPLE_PAGES = {
  basicForm: 'form/BasicForm',
  stepForm: 'form/stepForm/StepForm',
  advancedForm: 'form/advancedForm/AdvancedForm',
  tableList: 'list/TableList',
  standardList: 'list/StandardList',
  cardList: 'list/CardList',
  article: 'list/search/Article',
  projects: 'list/search/Projects',
  applications: 'list/search/Applications',
  basicProfile: 'profile/basic/Index',
  advancedProfile: 'profile/advanced/Advanced',
  workplace: 'dashboard/Workplace',
} as const;

const date = (label: string) =>
  z
    .string({ message: `请选择${label}` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为 yyyy-MM-dd`)
    .refine((v) => !Number.isNaN(Date.parse(v)), `${label}不是有效日期`);

/** start ≤ end, said in Chinese on the end field */
const range = <T extends { startDate: string; endDate: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: '结束日期不能早于开始日期' });
};

// ---- 基础表单
const FormFields = z.object({
  title: requiredStr('标题', 100),
  startDate: date('开始日期'),
  endDate: date('结束日期'),
  goal: requiredStr('目标描述', 1000),
  standard: requiredStr('衡量标准', 1000),
  client: str(100).nullish(),
  invites: str(100).nullish(),
  weight: z.coerce
    .number({ message: '权重应为数字' })
    .int('权重应为整数')
    .min(0, '权重不能小于 0')
    .max(100, '权重不能大于 100')
    .nullish(),
  publicType: z.enum(['1', '2', '3'], { message: '目标公开只能是 公开 / 部分公开 / 不公开' }).default('1'),
  publicUsers: str(500).nullish(),
});
const FormAdd = FormFields.superRefine(range);
const FormEdit = FormFields.extend({ id: requiredStr('id', 36) }).superRefine(range);

export const exampleForms = defineCrud({
  base: '/example/form',
  table: exampleForm,
  list: {
    sortable: ['createTime', 'title', 'weight'],
    defaultSort: { column: 'createTime', order: 'desc' },
    searchable: ['title', 'publicType', 'createBy', 'createTime'],
  },
  access: {
    list: { menu: EXAMPLE_PAGES.basicForm },
    add: { perm: 'example:form:add' },
    edit: { perm: 'example:form:add' },
    delete: { perm: 'example:form:add' },
  },
  messages: { added: '提交成功' },
  add: { schema: FormAdd, toRow: (v) => ({ ...v, publicUsers: v.publicType === '2' ? v.publicUsers : null }) },
  edit: { schema: FormEdit, toRow: ({ id: _id, ...v }) => v },
});

// ---- 分步表单
const TransferFields = z.object({
  payAccount: requiredStr('付款账户', 100),
  receiverType: z.enum(['alipay', 'bank'], { message: '收款方式只能是 支付宝 或 银行账户' }),
  receiverAccount: requiredStr('收款账户', 100),
  receiverName: requiredStr('收款人姓名', 50),
  amount: z.coerce
    .number({ message: '转账金额应为数字' })
    .positive('转账金额必须大于 0')
    .max(1_000_000, '单笔转账金额不能超过 1000000')
    .refine((n) => Math.round(n * 100) === n * 100, '转账金额最多两位小数'),
  remark: str(500).nullish(),
});
const TransferAdd = TransferFields.superRefine((v, ctx) => {
  if (v.receiverType === 'alipay' && !/^(1\d{10}|[^@\s]+@[^@\s]+\.[^@\s]+)$/.test(v.receiverAccount)) {
    ctx.addIssue({ code: 'custom', path: ['receiverAccount'], message: '支付宝账户应为手机号或邮箱' });
  }
  if (v.receiverType === 'bank' && !/^\d{12,19}$/.test(v.receiverAccount.replace(/\s/g, ''))) {
    ctx.addIssue({ code: 'custom', path: ['receiverAccount'], message: '银行账户应为 12–19 位数字' });
  }
});
const TransferEdit = TransferFields.extend({
  id: requiredStr('id', 36),
  status: z.coerce.number().int().min(0, '状态只能是 0–3').max(3, '状态只能是 0–3'),
});

export const exampleTransfers = defineCrud({
  base: '/example/transfer',
  table: exampleTransfer,
  list: {
    sortable: ['createTime', 'amount', 'status'],
    defaultSort: { column: 'createTime', order: 'desc' },
    searchable: ['payAccount', 'receiverName', 'receiverType', 'status', 'createTime'],
  },
  access: {
    list: { menu: [EXAMPLE_PAGES.stepForm, EXAMPLE_PAGES.advancedProfile] },
    add: { perm: 'example:transfer:add' },
    edit: { perm: 'example:transfer:add' },
    delete: { perm: 'example:transfer:add' },
  },
  messages: { added: '转账成功', notFound: '未找到对应转账记录' },
  add: {
    schema: TransferAdd,
    toRow: (v) => ({ ...v, receiverAccount: v.receiverAccount.replace(/\s/g, ''), status: 0 }),
  },
  edit: { schema: TransferEdit, toRow: ({ id: _id, ...v }) => v },
});

// ---- 高级表单
const Member = z.object({
  name: requiredStr('成员姓名', 50),
  workId: requiredStr('工号', 20).regex(/^\d{3,20}$/, '工号应为 3 位以上数字'),
  department: requiredStr('所属部门', 50),
});
const ProjectFields = z.object({
  name: requiredStr('仓库名', 100),
  url: requiredStr('仓库域名', 200).regex(/^[a-z0-9-]+$/i, '仓库域名只能包含字母、数字和连字符'),
  owner: requiredStr('仓库管理员', 50),
  approver: requiredStr('审批人', 50),
  startDate: date('生效开始日期'),
  endDate: date('生效结束日期'),
  type: z.enum(['private', 'public'], { message: '仓库类型只能是 私密 或 公开' }),
  taskName: requiredStr('任务名', 100),
  taskDescription: requiredStr('任务描述', 500),
  executor: requiredStr('执行人', 50),
  responsible: requiredStr('责任人', 50),
  taskTime: z.string({ message: '请选择提醒时间' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, '提醒时间格式应为 HH:mm'),
  taskType: z.enum(['private', 'public'], { message: '任务类型只能是 私密 或 公开' }),
  members: z
    .array(Member, { message: '成员应为列表' })
    .min(1, '至少添加一名成员')
    .max(50, '成员最多 50 名')
    .superRefine((ms, ctx) => {
      const seen = new Set<string>();
      ms.forEach((m, i) => {
        if (seen.has(m.workId)) ctx.addIssue({ code: 'custom', path: [i, 'workId'], message: `工号 ${m.workId} 重复` });
        seen.add(m.workId);
      });
    }),
});
const ProjectAdd = ProjectFields.superRefine(range);
const ProjectEdit = ProjectFields.extend({ id: requiredStr('id', 36) }).superRefine(range);

export const exampleProjects = defineCrud({
  base: '/example/project',
  table: exampleProject,
  list: {
    sortable: ['createTime', 'name'],
    defaultSort: { column: 'createTime', order: 'desc' },
    searchable: ['name', 'owner', 'type', 'createTime'],
  },
  access: {
    list: { menu: [EXAMPLE_PAGES.advancedForm, EXAMPLE_PAGES.basicProfile] },
    add: { perm: 'example:project:add' },
    edit: { perm: 'example:project:add' },
    delete: { perm: 'example:project:add' },
  },
  messages: { added: '提交成功', notFound: '未找到对应仓库' },
  add: { schema: ProjectAdd, toRow: (v) => v },
  edit: { schema: ProjectEdit, toRow: ({ id: _id, ...v }) => v },
});

// ---- 查询表格
const RuleFields = z.object({
  no: requiredStr('规则编号', 32),
  description: requiredStr('描述', 200),
  callNo: z.coerce.number({ message: '服务调用次数应为数字' }).int().min(0, '服务调用次数不能小于 0').default(0),
  status: z.coerce.number().int().min(0, '状态只能是 0–3').max(3, '状态只能是 0–3').default(0),
});
export const RULE_STATUS = ['关闭', '运行中', '已上线', '异常'] as const;

export const exampleRules = defineCrud({
  base: '/example/rule',
  table: exampleRule,
  list: {
    sortable: ['updateTime', 'createTime', 'callNo', 'no', 'status'],
    defaultSort: { column: 'updateTime', order: 'desc' },
    searchable: ['no', 'description', 'callNo', 'status', 'updateTime'],
  },
  access: {
    list: { menu: EXAMPLE_PAGES.tableList },
    add: { perm: 'example:rule:add' },
    edit: { perm: 'example:rule:edit' },
    delete: { perm: 'example:rule:delete' },
  },
  unique: [{ column: exampleRule.no, message: '规则编号已存在' }],
  add: { schema: RuleFields, toRow: (v, c) => ({ ...v, updateBy: c.user.username, updateTime: new Date() }) },
  edit: { schema: RuleFields.partial().extend({ id: requiredStr('id', 36) }), toRow: ({ id: _id, ...v }) => v },
});

const BatchStatus = z.object({
  ids: requiredStr('ids', 36 * 1000).transform((s) => [...new Set(s.split(',').filter(Boolean))]),
  status: z.coerce.number({ message: '状态只能是 0–3' }).int().min(0, '状态只能是 0–3').max(3, '状态只能是 0–3'),
});

// ---- 标准列表 / 卡片列表 / 搜索列表
export const ITEM_STATUS = ['active', 'exception', 'normal', 'success'] as const;
export const ITEM_CATEGORIES = ['design', 'develop', 'operate', 'product', 'test', 'teach'] as const;
const ItemFields = z.object({
  title: requiredStr('任务名称', 100),
  owner: requiredStr('任务负责人', 50),
  description: str(500).nullish(),
  startAt: z.coerce.date({ message: '开始时间不是有效时间' }).nullish(),
  percent: z.coerce.number().int().min(0, '进度不能小于 0').max(100, '进度不能大于 100').default(0),
  status: z.enum(ITEM_STATUS, { message: '状态只能是 active / exception / normal / success' }).default('normal'),
  category: z.enum(ITEM_CATEGORIES, { message: '所属类目不存在' }).default('develop'),
  tags: str(200).nullish(),
  href: str(200).nullish(),
  avatar: str(200).nullish(),
  content: str(5000).nullish(),
});

export const exampleItems = defineCrud({
  base: '/example/item',
  table: exampleItem,
  list: {
    sortable: ['createTime', 'startAt', 'percent', 'star', 'likes', 'activeUser', 'title'],
    defaultSort: { column: 'createTime', order: 'desc' },
    searchable: ['title', 'owner', 'status', 'category', 'tags', 'description', 'createTime'],
  },
  access: {
    list: {
      menu: [
        EXAMPLE_PAGES.standardList,
        EXAMPLE_PAGES.cardList,
        EXAMPLE_PAGES.article,
        EXAMPLE_PAGES.projects,
        EXAMPLE_PAGES.applications,
      ],
    },
    add: { perm: 'example:item:add' },
    edit: { perm: 'example:item:edit' },
    delete: { perm: 'example:item:delete' },
  },
  add: { schema: ItemFields, toRow: (v) => v },
  edit: { schema: ItemFields.partial().extend({ id: requiredStr('id', 36) }), toRow: ({ id: _id, ...v }) => v },
});

/** the original Workplace's projects card (reads result.data): the newest project rows */
const workplaceProjects = defineListEntity({
  table: exampleItem,
  sortable: ['createTime'],
  defaultSort: { column: 'createTime', order: 'desc' },
  searchable: [],
});

export default async function exampleRoutes(app: FastifyInstance): Promise<void> {
  registerCrud(app, exampleForms);
  registerCrud(app, exampleTransfers);
  registerCrud(app, exampleProjects);
  registerCrud(app, exampleRules);
  registerCrud(app, exampleItems);

  app.put('/example/rule/batchStatus', { config: { access: { perm: 'example:rule:edit' } } }, async (req) => {
    const { ids, status } = parse(BatchStatus, req.body);
    if (ids.length > 1000) throw bizError('一次最多操作 1000 条');
    const done = await app.ctx.db
      .update(exampleRule)
      .set({ status, updateBy: req.auth!.user.username, updateTime: new Date() })
      .where(inArray(exampleRule.id, ids))
      .returning({ id: exampleRule.id });
    if (!done.length) throw bizError('未找到对应数据');
    return ok(null, `已将 ${done.length} 条规则设为「${RULE_STATUS[status]}」`);
  });

  app.get(
    '/mock/api/list/search/projects',
    { config: { access: { menu: [EXAMPLE_PAGES.workplace, EXAMPLE_PAGES.projects] } } },
    async () => {
      const page = await listPage(app.ctx, workplaceProjects, { pageNo: 1, pageSize: 6 });
      // the template's project cards read updatedAt
      const data = page.records.map((r) => ({ ...r, updatedAt: r.updateTime ?? r.createTime }));
      return ok({ data, total: page.total });
    },
  );
}
