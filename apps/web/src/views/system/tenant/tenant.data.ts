import { type SysTenant, TENANT_URLS } from '../../../api/tenant';
import { definePage } from '../../../components/kit';

/**
 * 租户管理 (contract §4.11): tenants with a chosen numeric id. A tenant listed in any user's tenants cannot be deleted
 * (the server answers 该租户已被引用，无法删除！).
 */
export const tenantPage = definePage<SysTenant>({
  name: 'tenant',
  auth: 'tenant',
  urls: TENANT_URLS,
  rowNumber: false,
  superQuery: [
    { field: 'id', label: '租户编号', type: 'number' },
    { field: 'name', label: '租户名称' },
    { field: 'beginDate', label: '开始时间', type: 'datetime' },
    { field: 'endDate', label: '结束时间', type: 'datetime' },
    { field: 'status', label: '状态', dictCode: 'tenant_status' },
  ],
  columns: [
    { field: 'id', title: '租户编号', width: 110, sorter: true },
    { field: 'name', title: '租户名称', sorter: true },
    { field: 'beginDate', title: '开始时间', type: 'datetime', sorter: true },
    { field: 'endDate', title: '结束时间', type: 'datetime', sorter: true },
    { field: 'status', title: '状态', type: 'dict', dictCode: 'tenant_status', width: 90 },
  ],
  query: [
    { field: 'name', label: '租户名称', rule: 'like' },
    { field: 'status', label: '状态', widget: 'dict', props: { dictCode: 'tenant_status' } },
  ],
  editor: {
    toForm: (r) => ({
      id: r.id,
      name: r.name,
      beginDate: r.beginDate ?? undefined,
      endDate: r.endDate ?? undefined,
      status: String(r.status),
    }),
    toSave: (v) => ({
      id: v.id,
      name: String(v.name ?? '').trim(),
      beginDate: v.beginDate || null,
      endDate: v.endDate || null,
      status: Number(v.status ?? 1),
    }),
  },
  form: [
    {
      field: 'id',
      label: '租户编号',
      widget: 'number',
      required: true,
      rules: [{ type: 'integer', min: 1, max: 2147483647, message: '租户编号必须是正整数' }],
      readOnly: (_v, c) => c.mode === 'edit',
      props: { precision: 0 },
    },
    { field: 'name', label: '租户名称', required: true, props: { maxLength: 100 } },
    { field: 'beginDate', label: '开始时间', widget: 'datetime' },
    {
      field: 'endDate',
      label: '结束时间',
      widget: 'datetime',
      rules: [
        ({ getFieldValue }) => ({
          validator: async (_r, value: string | undefined) => {
            const begin = getFieldValue('beginDate') as string | undefined;
            if (value && begin && value < begin) throw new Error('结束时间不能早于开始时间');
          },
        }),
      ],
    },
    { field: 'status', label: '状态', widget: 'dict-radio', props: { dictCode: 'tenant_status' }, initialValue: '1' },
  ],
});
