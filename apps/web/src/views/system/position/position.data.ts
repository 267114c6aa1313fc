import { POSITION_URLS, type SysPosition } from '../../../api/position';
import { definePage } from '../../../components/kit';

/** 职务管理 (contract §4.11): query by name / code / rank; add / edit / delete, batch delete, import, export. */
export const positionPage = definePage<SysPosition>({
  name: 'position',
  auth: 'position',
  urls: POSITION_URLS,
  exportName: '职务表',
  columns: [
    { field: 'code', title: '职务编码', sorter: true, type: 'nowrap' },
    { field: 'name', title: '职务名称', sorter: true },
    { field: 'postRank', title: '职级', type: 'dict', dictCode: 'position_rank', sorter: true },
    { field: 'createTime', title: '创建时间', type: 'datetime', sorter: true },
  ],
  query: [
    { field: 'name', label: '职务名称', rule: 'like' },
    { field: 'code', label: '职务编码', rule: 'like' },
    { field: 'postRank', label: '职级', widget: 'dict', props: { dictCode: 'position_rank' } },
  ],
  form: [
    {
      field: 'code',
      label: '职务编码',
      required: true,
      rules: [{ pattern: /^[A-Za-z0-9_-]+$/, message: '职务编码只能包含字母、数字、下划线和横线' }],
      duplicate: { tableName: 'sys_position', fieldName: 'code' },
      props: { maxLength: 100 },
    },
    { field: 'name', label: '职务名称', required: true, props: { maxLength: 100 } },
    { field: 'postRank', label: '职级', widget: 'dict', props: { dictCode: 'position_rank' }, required: true },
  ],
});
