import { Tag, Tooltip } from 'antd';
import { executeJob, listJobClasses, pauseJob, QUARTZ_URLS, type QuartzJob, resumeJob } from '../../../api/quartz';
import { validateCron } from '../../../components/JCron/cron-model';
import { definePage, runCall } from '../../../components/kit';

/** the registry's classes as select options (value = class name, label = what it does) */
export const loadJobClasses = async () => {
  const res = await listJobClasses();
  return (res.result ?? []).map((c) => ({ value: c.value, label: `${c.text}（${c.value.split('.').pop()}）` }));
};

const running = (r: QuartzJob) => Number(r.status) === 0;

/**
 * 定时任务 (component system/QuartzJobList, contract §4.10 / round 2 §1): the job list with 已启动 / 已暂停 tags, the
 * editor with the registry's classes and the cron widget, row actions 启动 / 停止 / 立即执行 / 编辑 / 执行记录 / 删除.
 */
export const quartzPage = definePage<QuartzJob>({
  name: 'quartz',
  auth: 'quartz',
  authCodes: { deleteBatch: 'quartz:delete', import: 'quartz:add', export: '' },
  urls: QUARTZ_URLS,
  exportName: '定时任务列表',
  columns: [
    { field: 'jobClassName', title: '任务类名', sorter: true, ellipsis: true, minWidth: 200, align: 'left' },
    { field: 'cronExpression', title: 'Cron表达式', type: 'nowrap', width: 150 },
    { field: 'parameter', title: '参数', ellipsis: true, width: 120 },
    { field: 'description', title: '描述', ellipsis: true, minWidth: 150 },
    {
      field: 'status',
      title: '状态',
      width: 90,
      sorter: true,
      render: (v, r) => (
        <Tooltip title={r.status_dictText ?? undefined}>
          <Tag color={Number(v) === 0 ? 'green' : 'orange'} data-testid="quartz-status">
            {Number(v) === 0 ? '已启动' : '已暂停'}
          </Tag>
        </Tooltip>
      ),
    },
  ],
  query: [
    { field: 'jobClassName', label: '任务类名', rule: 'like' },
    { field: 'status', label: '任务状态', widget: 'dict', props: { dictCode: 'quartz_status' } },
  ],
  actionWidth: 260,
  rowActions: [
    {
      key: 'resume',
      label: '启动',
      auth: 'quartz:resume',
      confirm: '是否启动选中任务?',
      show: (r) => !running(r),
      onClick: (r, ctx) => void runCall(() => resumeJob(r.id), ctx.reload),
    },
    {
      key: 'pause',
      label: '停止',
      auth: 'quartz:pause',
      confirm: '是否暂停选中任务?',
      show: running,
      onClick: (r, ctx) => void runCall(() => pauseJob(r.id), ctx.reload),
    },
    {
      key: 'execute',
      label: '立即执行',
      auth: 'quartz:execute',
      confirm: '是否立即执行任务?',
      onClick: (r, ctx) =>
        void runCall(
          () => executeJob(r.id),
          () => ctx.handlers.runs?.(r, ctx),
        ),
    },
    { key: 'edit', label: '编辑', run: 'edit' },
    { key: 'runs', label: '执行记录', run: 'runs', more: true },
    { key: 'delete', label: '删除', run: 'delete', more: true },
  ],
  form: [
    {
      field: 'jobClassName',
      label: '任务类名',
      widget: 'async-select',
      required: '请输入任务类名!',
      props: { load: loadJobClasses, showSearch: true, 'data-testid': 'quartz-class' },
    },
    {
      field: 'cronExpression',
      label: 'Cron表达式',
      widget: 'cron',
      required: '请输入cron表达式!',
      validate: async (v) => validateCron(String(v ?? '')),
    },
    {
      field: 'parameter',
      label: '参数',
      widget: 'textarea',
      props: { rows: 2, maxLength: 255 },
      extra: '清理类任务填写天数 N；定时发布通告填写通告 id；带参示例任务填写任意文字',
    },
    { field: 'description', label: '描述', widget: 'textarea', props: { rows: 2, maxLength: 255 } },
    { field: 'status', label: '状态', widget: 'dict-radio', props: { dictCode: 'quartz_status' }, initialValue: '0' },
  ],
  editor: {
    width: 800,
    toForm: (r) => ({
      jobClassName: r.jobClassName ?? undefined,
      cronExpression: r.cronExpression ?? undefined,
      parameter: r.parameter ?? undefined,
      description: r.description ?? undefined,
      status: r.status === null || r.status === undefined ? '-1' : String(r.status),
    }),
    toSave: (v, c) => ({
      ...(c.record ? { id: c.record.id } : {}),
      jobClassName: String(v.jobClassName ?? '').trim(),
      cronExpression: String(v.cronExpression ?? '').trim(),
      parameter: String(v.parameter ?? '').trim() || null,
      description: String(v.description ?? '').trim() || null,
      status: Number(v.status ?? -1),
    }),
  },
});
