import { PlusOutlined } from '@ant-design/icons';
import { PAPER_URLS, type QuizPaper } from '../../api/quiz';
import { definePage } from '../../components/kit';

/**
 * 试卷管理 (component answer/PaperList): query by name; 新增 / 编辑 open the form page (answer/PaperForm), 预览 and
 * 打印 draw the paper as a candidate would get it, 复制, 删除 (batch too).
 */
export const paperPage = definePage<QuizPaper>({
  name: 'quiz-paper',
  auth: 'paper',
  urls: { list: PAPER_URLS.list, delete: PAPER_URLS.delete, deleteBatch: PAPER_URLS.deleteBatch },
  authCodes: { deleteBatch: 'paper:delete', import: '', export: '' },
  superQuery: false,
  scrollX: 1000,
  columns: [
    {
      field: 'name',
      title: '试卷名称',
      align: 'left',
      ellipsis: true,
      minWidth: 200,
      sorter: true,
    },
    { field: 'totalScore', title: '总分', width: 80, sorter: true },
    { field: 'passScore', title: '及格分', width: 80 },
    { field: 'questionCount', title: '题数', width: 70 },
    { field: 'duration', title: '时长（分钟）', width: 110 },
    { field: 'createBy', title: '创建人', width: 100 },
    { field: 'createTime', title: '创建时间', type: 'datetime', width: 170, sorter: true },
  ],
  query: [{ field: 'name', label: '试卷名称', rule: 'like' }],
  builtins: { add: false },
  toolbar: [{ key: 'add', label: '新增', icon: <PlusOutlined />, auth: 'paper:add', primary: true, run: 'add' }],
  actionWidth: 170,
  rowActions: [
    { key: 'edit', label: '编辑', auth: 'paper:edit', run: 'editPage' },
    { key: 'preview', label: '预览', run: 'preview' },
    { key: 'print', label: '打印', run: 'preview', more: true },
    { key: 'copy', label: '复制', auth: 'paper:add', run: 'copy', more: true },
    { key: 'delete', label: '删除', run: 'delete', more: true, danger: true },
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
});
