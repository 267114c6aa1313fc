import { CHANNEL_OPTIONS, type SysMessageTemplate, TEMPLATE_URLS } from '../../../api/message';
import { definePage } from '../../../components/kit';
import { jsonRule } from './json-data';

const JSON_HINT = 'JSON 对象，例如 {"name":"张三"}';

/**
 * 模板管理 (component modules/message/SysMessageTemplateList): query by 模板CODE / 模板标题 / 模板类型; 新增, 导出,
 * 批量删除; per row 编辑 | 更多 (发送测试 = the view's handler `test`, 删除). Buttons follow msgTemplate:add/edit/delete/test.
 */
export const templatePage = definePage<SysMessageTemplate>({
  name: 'template',
  urls: TEMPLATE_URLS,
  auth: 'msgTemplate',
  authCodes: { deleteBatch: 'msgTemplate:delete', export: '' },
  exportName: '消息模板',
  columns: [
    { field: 'templateCode', title: '模板CODE', width: 150, sorter: true },
    { field: 'templateName', title: '模板标题', width: 160, sorter: true },
    { field: 'templateContent', title: '模板内容', width: 420, align: 'left', ellipsis: true },
    { field: 'templateType', title: '模板类型', type: 'dict', width: 100, sorter: true },
  ],
  query: [
    { field: 'templateCode', label: '模板CODE', rule: 'like' },
    { field: 'templateName', label: '模板标题', rule: 'like' },
    { field: 'templateType', label: '模板类型', widget: 'dict', props: { dictCode: 'msgType' } },
  ],
  actionWidth: 160,
  rowActions: [
    { key: 'edit', label: '编辑', run: 'edit' },
    { key: 'test', label: '发送测试', more: true, auth: 'msgTemplate:test', run: 'test' },
    { key: 'delete', label: '删除', run: 'delete', more: true },
  ],
  form: [
    {
      field: 'templateCode',
      label: '模板CODE',
      required: true,
      rules: [{ pattern: /^[A-Za-z0-9_-]+$/, message: '模板CODE只能包含字母、数字、下划线和中划线' }],
      props: { maxLength: 32 },
    },
    { field: 'templateType', label: '模板类型', widget: 'select', required: true, props: { options: CHANNEL_OPTIONS } },
    { field: 'templateName', label: '模板标题', required: true, props: { maxLength: 50 } },
    {
      field: 'templateContent',
      label: '模板内容',
      widget: 'textarea',
      required: true,
      extra: '用 ${变量名} 标记要替换的内容，例如 ${name}',
      props: { maxLength: 1000, showCount: true, autoSize: { minRows: 5, maxRows: 10 } },
    },
    {
      field: 'templateTestJson',
      label: '测试数据',
      widget: 'textarea',
      rules: [jsonRule],
      props: { placeholder: JSON_HINT, maxLength: 1000, autoSize: { minRows: 3, maxRows: 6 } },
    },
  ],
});
