import type { Page } from '@answer/contract';
import { http } from './http';

/** Scheduled jobs (定时任务, contract §4.10 / round 2 §1) and their run history (ours). */

export const QUARTZ_URLS = {
  list: '/sys/quartzJob/list',
  add: '/sys/quartzJob/add',
  edit: '/sys/quartzJob/edit',
  delete: '/sys/quartzJob/delete',
  deleteBatch: '/sys/quartzJob/deleteBatch',
  exportXls: '/sys/quartzJob/exportXls',
  importExcel: '/sys/quartzJob/importExcel',
  pause: '/sys/quartzJob/pause',
  resume: '/sys/quartzJob/resume',
  execute: '/sys/quartzJob/execute',
  jobClasses: '/sys/quartzJob/jobClasses',
  runs: '/sys/quartzJob/runs',
} as const;

export interface QuartzJob {
  id: string;
  jobClassName: string | null;
  cronExpression: string | null;
  parameter: string | null;
  description: string | null;
  /** 0 running, -1 stopped (dict quartz_status) */
  status: number | null;
  status_dictText?: string | null;
  createBy?: string | null;
  createTime?: string | null;
  updateTime?: string | null;
}

export interface JobClassOption {
  value: string;
  text: string;
  parameterHint: string | null;
}

export interface QuartzJobRun {
  id: string;
  jobId: string;
  jobClassName: string | null;
  fireTime: string;
  /** cron (on time), misfire (late, once), manual (立即执行) */
  trigger: 'cron' | 'misfire' | 'manual';
  node: string | null;
  startTime: string;
  endTime: string | null;
  durationMs: number | null;
  /** running, success, failed */
  outcome: 'running' | 'success' | 'failed';
  errorMessage: string | null;
  result: string | null;
}

export const pauseJob = (id: string) => http.get<null>(QUARTZ_URLS.pause, { id });
export const resumeJob = (id: string) => http.get<null>(QUARTZ_URLS.resume, { id });
export const executeJob = (id: string) => http.get<string>(QUARTZ_URLS.execute, { id });
export const listJobClasses = () => http.get<JobClassOption[]>(QUARTZ_URLS.jobClasses);
export const listJobRuns = (jobId: string, pageNo = 1, pageSize = 10) =>
  http.get<Page<QuartzJobRun>>(QUARTZ_URLS.runs, { jobId, pageNo, pageSize });
