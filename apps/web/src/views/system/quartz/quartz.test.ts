import { describe, expect, it } from 'vitest';
import type { QuartzJob } from '../../../api/quartz';
import { visibleRowActions } from '../../../components/kit/permission';
import { quartzPage } from './quartz.data';

const job = (status: number): QuartzJob => ({
  id: '1',
  jobClassName: 'org.jeecg.modules.quartz.job.SampleJob',
  cronExpression: '0/5 * * * * ?',
  parameter: null,
  description: null,
  status,
});
const labels = (row: QuartzJob, granted: string[]) =>
  visibleRowActions(quartzPage.rowActions!, row, (c) => (granted.includes(c) ? 'allow' : 'deny'), quartzPage).map(
    (a) => a.action.label,
  );
const ALL = ['quartz:resume', 'quartz:pause', 'quartz:execute', 'quartz:edit', 'quartz:delete'];

describe('定时任务 page declaration', () => {
  it('启动 for a stopped job, 停止 for a running one; each behind its own permission', () => {
    expect(labels(job(-1), ALL)).toEqual(['启动', '立即执行', '编辑', '执行记录', '删除']);
    expect(labels(job(0), ALL)).toEqual(['停止', '立即执行', '编辑', '执行记录', '删除']);
    expect(labels(job(0), ['quartz:edit'])).toEqual(['编辑', '执行记录']);
  });

  it('the editor sends the status as a number and trims the text', () => {
    const body = quartzPage.editor!.toSave!(
      { jobClassName: ' a.B ', cronExpression: ' 0 0 12 * * ? ', parameter: '  ', description: 'd', status: '0' },
      { record: null, mode: 'add', fixed: {} },
    );
    expect(body).toEqual({
      jobClassName: 'a.B',
      cronExpression: '0 0 12 * * ?',
      parameter: null,
      description: 'd',
      status: 0,
    });
    expect(quartzPage.editor!.toForm!(job(-1), { record: job(-1), mode: 'edit', fixed: {} })).toMatchObject({
      status: '-1',
      cronExpression: '0/5 * * * * ?',
    });
  });
});
