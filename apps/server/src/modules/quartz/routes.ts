import { ok, okCode0 } from '@answer/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sysQuartzJob, sysQuartzJobRun } from '../../db/schema/index.ts';
import { defineCrud, registerCrud } from '../../platform/crud.ts';
import { bizError } from '../../platform/errors.ts';
import type { ExcelColumn } from '../../platform/excel.ts';
import { defineListEntity, listPage } from '../../platform/list-query.ts';
import { parse, requiredStr, str } from '../../platform/validation.ts';
import { checkCron, frequencyProblem, nextFire } from './cron.ts';
import { classNotFound, jobClasses, jobClassOf } from './registry.ts';
import { JOBS_CHANNEL, JobScheduler } from './scheduler.ts';

/**
 * 定时任务 /sys/quartzJob (contract §4.10, round 2 §1): JeecgBoot's paths and messages on the declarative CRUD
 * helper, plus pause / resume / execute, the registry of job classes and the run history (ours). The scheduler of this
 * node starts with the app (JOBS_SCHEDULER=off keeps a node from running jobs; it still serves the pages).
 */

export const QUARTZ_PAGE = 'system/QuartzJobList';

export const QUARTZ_MESSAGES = {
  added: '创建定时任务成功',
  edited: '更新定时任务成功!',
  deleted: '删除成功!',
  batchDeleted: '删除定时任务成功!',
  notFound: '未找到对应实体',
  noIds: '参数不识别！',
  jobMissing: '定时任务不存在！',
  paused: '停止定时任务成功',
  resumed: '启动定时任务成功',
  executed: '执行成功!',
  executeFailed: '执行失败!',
} as const;

export const QUARTZ_EXCEL_COLUMNS: readonly ExcelColumn[] = [
  { key: 'jobClassName', title: '任务类名', width: 48 },
  { key: 'cronExpression', title: 'cron表达式', width: 24 },
  { key: 'parameter', title: '参数', width: 20 },
  { key: 'description', title: '描述', width: 30 },
  { key: 'status', title: '状态', dict: 'quartz_status', width: 10 },
];

const statusSchema = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return -1;
    const n = Number(v);
    if (n !== 0 && n !== -1) {
      ctx.addIssue({ code: 'custom', message: '状态只能是 0（正常）或 -1（停止）' });
      return z.NEVER;
    }
    return n;
  });

/** JeecgBoot's required-field texts */
const required = (message: string, max: number) =>
  z.string({ message }).trim().min(1, message).max(max, `长度不能超过 ${max} 个字符`);

const jobFields = {
  jobClassName: required('请输入任务类名!', 255),
  cronExpression: required('请输入cron表达式!', 255),
  parameter: str(255).nullish(),
  description: str(255).nullish(),
  status: statusSchema,
};
const JobAdd = z.object(jobFields).loose();
const JobEdit = z.object({ id: requiredStr('id', 36), ...jobFields }).loose();
const JobImport = JobAdd.transform((v) => ({ ...v, status: -1 }));
const IdQuery = z.object({ id: requiredStr('id', 36) });

type JobInput = z.output<typeof JobAdd>;

/** the checks JeecgBoot's scheduler made when a job was scheduled, made for every save */
function checkJob(input: JobInput) {
  const name = input.jobClassName.trim();
  const cls = jobClassOf(name);
  if (!cls) throw bizError(classNotFound(name));
  const cron = checkCron(input.cronExpression);
  if (!cron.ok) throw bizError(cron.message);
  const tooOften = frequencyProblem(cron.cron, Date.now());
  if (tooOften) throw bizError(tooOften);
  if (input.status === 0 && nextFire(cron.cron, Date.now()) === null) {
    throw bizError('Cron表达式没有下一次执行时间，无法启动任务');
  }
  const paramError = cls.checkParameter?.(input.parameter ?? null);
  if (paramError) throw bizError(paramError);
  return {
    jobClassName: name,
    cronExpression: cron.fields.join(' '),
    parameter: input.parameter?.trim() || null,
    description: input.description ?? null,
    status: input.status,
  };
}

/** marks the request as having changed the job table: after the response every node reloads */
const changed = (req: FastifyRequest) => {
  (req as FastifyRequest & { quartzChanged?: boolean }).quartzChanged = true;
};

export const quartzJobs = defineCrud({
  base: '/sys/quartzJob',
  table: sysQuartzJob,
  listCode200: true,
  list: {
    sortable: ['createTime', 'updateTime', 'jobClassName', 'cronExpression', 'status'],
    defaultSort: { column: 'createTime', order: 'desc' },
    dictFields: { status: 'quartz_status' },
    searchable: ['jobClassName', 'status', 'description', 'cronExpression', 'createTime'],
    where: () => sql`coalesce(${sysQuartzJob.delFlag}, 0) = 0`,
  },
  access: {
    list: { menu: QUARTZ_PAGE },
    add: { perm: 'quartz:add' },
    edit: { perm: 'quartz:edit' },
    delete: { perm: 'quartz:delete' },
    exportXls: { menu: QUARTZ_PAGE },
    importExcel: { perm: 'quartz:add' },
  },
  messages: QUARTZ_MESSAGES,
  add: {
    schema: JobAdd,
    toRow: (input) => ({ ...checkJob(input), delFlag: 0 }),
  },
  edit: {
    schema: JobEdit,
    toRow: (input) => checkJob(input),
  },
  hooks: {
    afterAdd: (_row, c) => changed(c.req),
    afterEdit: (_row, _before, c) => changed(c.req),
    afterDelete: async (ids, c) => {
      await c.db.delete(sysQuartzJobRun).where(inArray(sysQuartzJobRun.jobId, ids.map(String)));
      changed(c.req);
    },
  },
  exportXls: { columns: QUARTZ_EXCEL_COLUMNS, fileName: '定时任务列表' },
  importExcel: { columns: QUARTZ_EXCEL_COLUMNS.filter((c) => c.key !== 'status'), schema: JobImport },
});

const schedulers = new WeakMap<object, JobScheduler>();

/** the scheduler of the app whose context this is (tests, diagnostics) */
export function schedulerOf(app: { ctx: object }): JobScheduler | undefined {
  return schedulers.get(app.ctx);
}

const runs = defineListEntity({
  table: sysQuartzJobRun,
  sortable: ['startTime', 'fireTime', 'durationMs', 'outcome'],
  defaultSort: { column: 'startTime', order: 'desc' },
  searchable: ['outcome', 'trigger'],
});

export default async function quartzRoutes(app: FastifyInstance): Promise<void> {
  const scheduler = new JobScheduler(app);
  schedulers.set(app.ctx, scheduler);
  let unsubscribe: (() => void) | undefined;
  const enabled = process.env.JOBS_SCHEDULER !== 'off';

  app.addHook('onReady', async () => {
    // the message only makes other nodes' copies fresh sooner: without it they reload on their own every 5 s
    unsubscribe = await app.ctx.pubsub
      .subscribe(JOBS_CHANNEL, () => scheduler.reload())
      .catch((err) => {
        app.log.warn({ err }, 'job changes: no pub/sub subscription, nodes reload on their own');
        return undefined;
      });
    if (enabled) scheduler.start();
  });
  app.addHook('onClose', async () => {
    unsubscribe?.();
    await scheduler.stop();
  });
  app.addHook('onResponse', async (req) => {
    if ((req as FastifyRequest & { quartzChanged?: boolean }).quartzChanged) {
      scheduler.reload();
      await app.ctx.pubsub.publish(JOBS_CHANNEL, { at: Date.now() }).catch(() => {});
    }
  });

  registerCrud(app, quartzJobs);

  const setStatus = async (req: FastifyRequest, status: 0 | -1) => {
    const { id } = parse(IdQuery, req.query);
    const [row] = await app.ctx.db
      .select()
      .from(sysQuartzJob)
      .where(and(eq(sysQuartzJob.id, id), sql`coalesce(${sysQuartzJob.delFlag}, 0) = 0`));
    if (!row) throw bizError(QUARTZ_MESSAGES.jobMissing);
    if (status === 0) {
      if (!jobClassOf(row.jobClassName)) throw bizError(classNotFound(row.jobClassName ?? ''));
      const cron = checkCron(row.cronExpression);
      if (!cron.ok) throw bizError(cron.message);
      const tooOften = frequencyProblem(cron.cron, Date.now());
      if (tooOften) throw bizError(tooOften);
      if (nextFire(cron.cron, Date.now()) === null) throw bizError('Cron表达式没有下一次执行时间，无法启动任务');
    }
    await app.ctx.db
      .update(sysQuartzJob)
      .set({ status, updateBy: req.auth!.user.username, updateTime: new Date() })
      .where(eq(sysQuartzJob.id, id));
    changed(req);
  };

  app.get('/sys/quartzJob/pause', { config: { access: { perm: 'quartz:pause' } } }, async (req) => {
    await setStatus(req, -1);
    return ok(null, QUARTZ_MESSAGES.paused);
  });

  app.get('/sys/quartzJob/resume', { config: { access: { perm: 'quartz:resume' } } }, async (req) => {
    await setStatus(req, 0);
    return ok(null, QUARTZ_MESSAGES.resumed);
  });

  // 立即执行 is a GET: audited explicitly (who ran which job; the run itself writes its own row, scheduler.ts)
  app.get(
    '/sys/quartzJob/execute',
    { config: { access: { perm: 'quartz:execute' }, audit: { content: '定时任务立即执行', operateType: 3 } } },
    async (req) => {
      const { id } = parse(IdQuery, req.query);
      const run = await scheduler.runNow(id);
      if (!run) throw bizError(QUARTZ_MESSAGES.notFound);
      return ok(run.runId, QUARTZ_MESSAGES.executed);
    },
  );

  /** the registry, for the page's class select (ours) */
  app.get('/sys/quartzJob/jobClasses', { config: { access: { menu: QUARTZ_PAGE } } }, async () =>
    okCode0(jobClasses().map((c) => ({ value: c.name, text: c.title, parameterHint: c.parameterHint }))),
  );

  /** run history of one job, newest first (ours) */
  app.get('/sys/quartzJob/runs', { config: { access: { menu: QUARTZ_PAGE } } }, async (req) => {
    const { jobId } = parse(z.object({ jobId: requiredStr('jobId', 36) }).loose(), req.query);
    return okCode0(await listPage(app.ctx, runs, req.query, eq(sysQuartzJobRun.jobId, jobId)));
  });
}
