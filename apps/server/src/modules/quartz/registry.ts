import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sysDict, sysLog, sysQuartzJobRun, sysUser } from '../../db/schema/index.ts';
import { releaseAnnouncement } from '../announcement/service.ts';
import { markAbsences } from '../answer/service.ts';
import { purgeDict } from '../dict/admin-service.ts';
import { submitExpired } from '../quiz-exam/submit.ts';
import { purgeUsers } from '../user/service.ts';

/**
 * The built-in job classes: the only things a job row can run. `job_class_name` is looked up in this map by exact
 * name and nothing else — never loaded, imported or evaluated from the client's string (JeecgBoot's Class.forName
 * lookup was a remote-code-execution hole, contract round 2 §8).
 */

export interface JobRunContext {
  app: FastifyInstance;
  jobId: string;
  parameter: string | null;
  /** the row's creator, who the job acts as where a user is needed (announcement sender) */
  owner: string;
  fireTime: Date;
}

export interface JobClass {
  name: string;
  /** what the page shows */
  title: string;
  /** what the parameter means (null: none) */
  parameterHint: string | null;
  /** checks the parameter when a job is saved: a Chinese message when it is wrong */
  checkParameter?(parameter: string | null): string | null;
  /** runs one fire; the returned text is kept in the run history */
  run(c: JobRunContext): Promise<string | undefined>;
}

const DAY_MS = 86_400_000;

/** "N" days, 1…3650 */
function daysOf(parameter: string | null): number | null {
  const t = (parameter ?? '').trim();
  if (!/^\d{1,4}$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 && n <= 3650 ? n : null;
}
const checkDays = (p: string | null) => (daysOf(p) === null ? '参数必须是 1 到 3650 之间的整数天数' : null);

const PKG = 'org.jeecg.modules.quartz.job';
/** the built-in job submitting expired attempts (seeded every 30 s, ADR 070) */
export const EXAM_AUTO_SUBMIT_JOB = 'org.jeecg.modules.answer.job.ExamAutoSubmitJob';

const classes: JobClass[] = [
  {
    name: `${PKG}.SampleJob`,
    title: '示例任务（输出一行日志）',
    parameterHint: null,
    async run({ app, jobId, fireTime }) {
      const line = `SampleJob ! 时间: ${fireTime.toISOString()}`;
      app.log.info({ jobId }, line);
      return line;
    },
  },
  {
    name: `${PKG}.SampleParamJob`,
    title: '带参示例任务（输出 welcome 参数!）',
    parameterHint: '任意文字，例如 scott',
    async run({ app, jobId, parameter }) {
      const line = `welcome ${parameter ?? ''}!`;
      app.log.info({ jobId }, line);
      return line;
    },
  },
  {
    name: `${PKG}.PurgeLogJob`,
    title: '清理登录日志、操作日志和任务执行记录（保留最近 N 天）',
    parameterHint: '保留天数 N（1–3650）',
    checkParameter: checkDays,
    async run({ app, parameter }) {
      const days = daysOf(parameter);
      if (days === null) throw new Error(checkDays(parameter)!);
      const cutoff = new Date(Date.now() - days * DAY_MS);
      const gone = await app.ctx.db.delete(sysLog).where(lt(sysLog.createTime, cutoff)).returning({ id: sysLog.id });
      const runs = await app.ctx.db
        .delete(sysQuartzJobRun)
        .where(lt(sysQuartzJobRun.startTime, cutoff))
        .returning({ id: sysQuartzJobRun.id });
      return `删除日志 ${gone.length} 条、执行记录 ${runs.length} 条（${days} 天前）`;
    },
  },
  {
    name: `${PKG}.PurgeSessionJob`,
    title: '清理过期会话',
    parameterHint: null,
    async run({ app }) {
      await app.ctx.sessions.purgeExpired();
      return '已清理过期会话';
    },
  },
  {
    name: `${PKG}.PurgeRecycleBinJob`,
    title: '清空回收站中超过 N 天的用户和字典',
    parameterHint: '天数 N（1–3650）',
    checkParameter: checkDays,
    async run({ app, parameter }) {
      const days = daysOf(parameter);
      if (days === null) throw new Error(checkDays(parameter)!);
      const cutoff = new Date(Date.now() - days * DAY_MS);
      const users = await app.ctx.db
        .select({ id: sysUser.id })
        .from(sysUser)
        .where(and(eq(sysUser.delFlag, 1), lt(sql`coalesce(${sysUser.updateTime}, ${sysUser.createTime})`, cutoff)));
      const userCount = users.length
        ? await purgeUsers(
            app,
            users.map((u) => u.id),
            { kind: 'all' },
          )
        : 0;
      const dicts = await app.ctx.db
        .select({ id: sysDict.id })
        .from(sysDict)
        .where(and(eq(sysDict.delFlag, 1), lt(sql`coalesce(${sysDict.updateTime}, ${sysDict.createTime})`, cutoff)));
      for (const d of dicts) await purgeDict(app.ctx, d.id);
      return `删除用户 ${userCount} 个，字典 ${dicts.length} 个`;
    },
  },
  {
    name: `${PKG}.SendAnnouncementJob`,
    title: '定时发布系统通告',
    parameterHint: '通告 id（系统通告页面的记录）',
    checkParameter: (p) => (/^[A-Za-z0-9_-]{1,36}$/.test((p ?? '').trim()) ? null : '参数必须是通告的 id'),
    async run({ app, parameter, owner }) {
      const id = (parameter ?? '').trim();
      await releaseAnnouncement(app, { id: owner, username: owner, createTime: null }, id);
      return `已发布通告 ${id}`;
    },
  },
  {
    name: 'org.jeecg.modules.answer.job.AnswerAbsenceJob',
    title: '答题场次结束后标记缺席（未签到的预约）',
    parameterHint: null,
    async run({ app }) {
      const r = await markAbsences(app.ctx.db);
      return `标记缺席 ${r.reservations} 条（${r.sessions} 个已结束场次）`;
    },
  },
  {
    // ADR 070: every node may run it; each expired attempt is claimed by a conditional update, so submitted once
    name: EXAM_AUTO_SUBMIT_JOB,
    title: '考试到时自动交卷（答题时间已到的答卷）',
    parameterHint: null,
    async run({ app }) {
      const n = await submitExpired(app);
      return n ? `自动交卷 ${n} 份` : undefined;
    },
  },
];

const byName = new Map(classes.map((c) => [c.name, c]));

/** the class of this exact name, or undefined */
export function jobClassOf(name: string | null | undefined): JobClass | undefined {
  return name ? byName.get(name.trim()) : undefined;
}

export function jobClasses(): readonly JobClass[] {
  return classes;
}

/** adds a job class (tests); answers the function that removes it again */
export function registerJobClass(cls: JobClass): () => void {
  classes.push(cls);
  byName.set(cls.name, cls);
  return () => {
    classes.splice(classes.indexOf(cls), 1);
    byName.delete(cls.name);
  };
}

/** JeecgBoot's answer for a name that is not a job class */
export const classNotFound = (name: string) => `后台找不到该类名：${name}`;
