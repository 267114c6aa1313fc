import { bigint, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, idColumn } from './columns.ts';

/**
 * Scheduled jobs (定时任务), JeecgBoot's sys_quartz_job (contract §4.10, round 2 §1). `job_class_name` names an entry
 * of the server's registry of built-in jobs (modules/quartz/registry.ts), never a class to load. status 0 running,
 * -1 stopped (dict quartz_status). No unique index on job_class_name (the 3.2.0 dump has none).
 */
export const sysQuartzJob = pgTable('sys_quartz_job', {
  id: idColumn(),
  createBy: audit.createBy,
  createTime: audit.createTime,
  delFlag: integer('del_flag').default(0),
  updateBy: audit.updateBy,
  updateTime: audit.updateTime,
  jobClassName: varchar('job_class_name', { length: 255 }),
  cronExpression: varchar('cron_expression', { length: 255 }),
  parameter: varchar('parameter', { length: 255 }),
  description: varchar('description', { length: 255 }),
  status: integer('status').default(-1),
});

/**
 * Our own table: one row per fire of a job (run history, which JeecgBoot lacks) and the cluster-wide claim of that
 * fire (docs/decisions/027-jobs-exactly-once.md): the node whose insert wins the unique (job_id, fire_time) runs it.
 * trigger: cron (on time), misfire (late after downtime, run once), manual (立即执行).
 * outcome: running, success, failed.
 */
export const sysQuartzJobRun = pgTable(
  'sys_quartz_job_run',
  {
    id: idColumn(),
    jobId: varchar('job_id', { length: 36 }).notNull(),
    jobClassName: varchar('job_class_name', { length: 255 }),
    fireTime: timestamp('fire_time', { mode: 'date', precision: 3 }).notNull(),
    trigger: varchar('trigger', { length: 16 }).notNull(),
    node: varchar('node', { length: 64 }),
    startTime: timestamp('start_time', { mode: 'date', precision: 3 }).notNull(),
    endTime: timestamp('end_time', { mode: 'date', precision: 3 }),
    durationMs: bigint('duration_ms', { mode: 'number' }),
    outcome: varchar('outcome', { length: 16 }).notNull(),
    errorMessage: varchar('error_message', { length: 1000 }),
    result: varchar('result', { length: 1000 }),
  },
  (t) => [
    uniqueIndex('uniq_qjr_job_fire').on(t.jobId, t.fireTime),
    index('idx_qjr_job_start').on(t.jobId, t.startTime.desc()),
  ],
);
