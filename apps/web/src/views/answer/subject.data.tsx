import { MinusSquareOutlined, PlusSquareOutlined } from '@ant-design/icons';
import { type QuizSubject, SUBJECT_URLS } from '../../api/quiz';
import { definePage, registerWidget } from '../../components/kit';
import { SubjectTreeSelect } from '../../components/quiz/SubjectTreeSelect';
import { subjectsChanged } from '../../components/quiz/subject-tree';

// the subject picker as a form / query widget of every quiz page (value: the subject id)
registerWidget('quiz-subject', { component: SubjectTreeSelect, picked: true });

/** the parent to show in the form: '0' (top level) as 顶级分类 */
const parentOf = (r: Partial<QuizSubject> | null | undefined) => (r?.parentId && r.parentId !== '0' ? r.parentId : '0');

/**
 * 题目分类 (component answer/SubjectList): the whole tree in one table (添加下级, 编辑 — rename, code, order and 上级分类
 * to move it, never under itself —, 删除, which the server refuses while the subject still has questions or children).
 */
export const subjectPage = definePage<QuizSubject>({
  name: 'quiz-subject',
  auth: 'subject',
  urls: { list: SUBJECT_URLS.list, add: SUBJECT_URLS.add, edit: SUBJECT_URLS.edit, delete: SUBJECT_URLS.delete },
  authCodes: { deleteBatch: '', import: '', export: '' },
  paged: false,
  treeData: true,
  rowNumber: false,
  selectable: false,
  superQuery: false,
  builtins: { add: '新增分类', batchDelete: false },
  columns: [
    { field: 'name', title: '分类名称', align: 'left', minWidth: 200, ellipsis: true },
    { field: 'code', title: '分类编码', type: 'nowrap', width: 140 },
    {
      field: 'questionCount',
      title: '题目数',
      width: 90,
      render: (v) => (v === undefined || v === null ? '—' : String(v)),
    },
    { field: 'sortNo', title: '排序', width: 80 },
  ],
  toolbar: [
    { key: 'expand', label: '展开全部', icon: <PlusSquareOutlined />, onClick: (ctx) => ctx.setExpanded('all') },
    { key: 'collapse', label: '折叠全部', icon: <MinusSquareOutlined />, onClick: (ctx) => ctx.setExpanded([]) },
  ],
  actionWidth: 170,
  rowActions: [
    { key: 'edit', label: '编辑', run: 'edit' },
    {
      key: 'child',
      label: '添加下级',
      auth: 'subject:add',
      onClick: (r, ctx) => ctx.openEditor('add', null, { parentId: r.id }),
    },
    {
      key: 'delete',
      label: '删除',
      run: 'delete',
      more: true,
      danger: true,
      confirm: (r) => (r.children?.length ? '该分类下还有子分类，确定删除吗?' : '确定删除吗?'),
    },
  ],
  form: [
    {
      field: 'name',
      label: '分类名称',
      required: true,
      rules: [{ max: 100, message: '最大长度100位字符' }],
      props: { maxLength: 100 },
    },
    {
      field: 'parentId',
      label: '上级分类',
      widget: 'quiz-subject',
      initialValue: '0',
      required: '请选择上级分类',
      props: (c) => ({ rootLabel: '顶级分类', allowClear: false, excludeId: c.record?.id ?? null }),
      extra: (c) => (c.mode === 'edit' ? '改变上级分类即可移动该分类（连同其下级分类和题目）' : null),
    },
    {
      field: 'code',
      label: '分类编码',
      rules: [
        { max: 64, message: '最大长度64位字符' },
        { pattern: /^[\w.-]*$/, message: '编码只能包含字母、数字、下划线、点和短横线' },
      ],
      props: { maxLength: 64 },
    },
    {
      field: 'sortNo',
      label: '排序',
      widget: 'number',
      initialValue: 0,
      props: { min: -9999, max: 9999, precision: 0 },
    },
  ],
  editor: {
    width: 640,
    title: (mode) => (mode === 'add' ? '新增分类' : '编辑分类'),
    toForm: (r) => ({ name: r.name, parentId: parentOf(r), code: r.code ?? undefined, sortNo: r.sortNo ?? 0 }),
    toSave: (v, c) => ({
      ...(c.record ? { id: c.record.id } : {}),
      name: String(v.name ?? '').trim(),
      parentId: v.parentId || '0',
      code: String(v.code ?? '').trim() || null,
      sortNo: v.sortNo ?? 0,
    }),
    afterSave: (body, _c, page) => {
      subjectsChanged();
      const pid = String(body.parentId ?? '0');
      if (!page || pid === '0') return;
      // open the path to the saved subject
      const up = new Map<string, string>();
      const walk = (ns: readonly QuizSubject[]) => {
        for (const n of ns) {
          up.set(n.id, n.parentId);
          walk(n.children ?? []);
        }
      };
      walk(page.list.dataSource);
      const path: string[] = [];
      for (let p: string | undefined = pid; p && p !== '0'; p = up.get(p)) path.push(p);
      page.setExpanded(path);
    },
  },
});
