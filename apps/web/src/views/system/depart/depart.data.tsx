import {
  addDepart,
  DEPART_URLS,
  type DepartForm,
  type DepartNode,
  deleteDeparts,
  departTree,
  searchDeparts,
} from '../../../api/depart';
import { definePage, type FormContext, type FormFieldSchema, type TreePageSchema } from '../../../components/kit';
import type { DataRuleTarget, GrantNode } from '../../../components/PermissionTree';

/** landline or mobile: digits, +, -, spaces, parentheses */
export const PHONE_RULE = { pattern: /^[0-9+\-() ]{0,32}$/, message: '请输入正确的电话号码' };

/** a top-level department (a new one without parent, or a loaded one without parentId) */
const topLevel = (c: FormContext<DepartNode>) => (c.mode === 'add' ? !c.init?.parentId : !c.record?.parentId);

/**
 * The fields of a department, shared by the add dialog (添加部门 / 添加下级) and the 基本信息 form: parent and code are
 * shown read-only (departments are not moved; org_code and org_type are given by the server); 机构类型 is 公司 for a
 * top-level department, 部门 / 岗位 below.
 */
export const departFields: FormFieldSchema<DepartNode>[] = [
  {
    field: 'departName',
    label: '机构名称',
    required: '请输入机构/部门名称!',
    rules: [{ max: 100, message: '最大长度100位字符' }],
    props: { placeholder: '请输入机构/部门名称', maxLength: 100 },
  },
  {
    field: 'parentName',
    label: '上级部门',
    readOnly: true,
    submit: false,
    show: (_v, c) => c.mode !== 'add' || !!c.init?.parentId,
    props: { allowClear: false },
  },
  {
    field: 'orgCode',
    label: '机构编码',
    readOnly: true,
    submit: false,
    show: (_v, c) => c.mode !== 'add',
    props: { allowClear: false, 'data-testid': 'depart-org-code' },
  },
  {
    field: 'orgCategory',
    label: '机构类型',
    widget: 'radio',
    required: '请选择机构类型',
    props: (c) => ({
      options: topLevel(c)
        ? [{ value: '1', label: '公司' }]
        : [
            { value: '2', label: '部门' },
            { value: '3', label: '岗位' },
          ],
    }),
  },
  {
    field: 'departOrder',
    label: '排序',
    widget: 'number',
    initialValue: 0,
    props: { min: -999999, max: 999999, precision: 0 },
  },
  { field: 'mobile', label: '电话', rules: [PHONE_RULE], props: { maxLength: 32 } },
  { field: 'fax', label: '传真', rules: [PHONE_RULE], props: { maxLength: 32 } },
  { field: 'address', label: '地址', props: { maxLength: 100 } },
  { field: 'memo', label: '备注', widget: 'textarea', props: { maxLength: 500 } },
];

/** form values → request body (empty strings become null) */
export function departBody(v: Partial<DepartForm>): DepartForm {
  const s = (x: string | null | undefined) => (x?.trim() ? x.trim() : null);
  return {
    departName: String(v.departName ?? '').trim(),
    orgCategory: v.orgCategory ?? '',
    departOrder: v.departOrder ?? 0,
    mobile: s(v.mobile),
    fax: s(v.fax),
    address: s(v.address),
    memo: s(v.memo),
  };
}

/** a department's form values (基本信息) */
export function departValues(d: DepartNode, parentName: string) {
  return {
    departName: d.departName,
    parentName: parentName || '无',
    orgCode: d.orgCode,
    orgCategory: d.orgCategory,
    departOrder: d.departOrder ?? 0,
    mobile: d.mobile ?? '',
    fax: d.fax ?? '',
    address: d.address ?? '',
    memo: d.memo ?? '',
  };
}

/** the add dialog (新增 of 部门管理): the department fields in the kit's editor */
export const departAddPage = definePage<DepartNode>({
  name: 'depart-add',
  urls: {},
  columns: [],
  form: departFields,
  editor: {
    title: () => '新增',
    save: (body, c) => addDepart({ ...departBody(body), parentId: String(c.init?.parentId ?? '') }),
  },
});

/** 部门管理 (DepartList.tsx): the department tree with its buttons, search and right-click menu */
export const departTreePage: TreePageSchema<DepartNode> = {
  name: 'depart',
  auth: 'depart',
  title: (d) => d.departName,
  treeSpan: 10,
  load: departTree,
  search: searchDeparts,
  remove: deleteDeparts,
  add: {
    page: departAddPage,
    init: (p) => ({ parentId: p?.id, parentName: p?.departName, orgCategory: p ? '2' : '1' }),
  },
  texts: {
    empty: '请先选择一个部门!',
    searchPlaceholder: '请输入部门名称',
    add: '添加部门',
    addChild: '添加下级',
    selectFirst: '请先选择一个部门！',
    checkFirst: '请勾选要删除的部门！',
    confirmOne: '确定要删除此部门以及子节点数据吗?',
    confirmMany: (n) => `确定要删除所选中的 ${n} 条数据，以及子节点数据吗?`,
  },
};

/** the 数据规则 drawer of a permission granted to the department, or to one of its roles */
export const departRuleTarget = (n: GrantNode, departId: string, roleId?: string): DataRuleTarget => {
  const url = roleId ? DEPART_URLS.roleDataRule : DEPART_URLS.departDataRule;
  return {
    title: n.slotTitle ?? n.title ?? '',
    loadUrl: [url, n.key, departId, roleId].filter(Boolean).join('/'),
    saveUrl: url,
    saveBody: { permissionId: n.key, departId, ...(roleId ? { roleId } : {}) },
  };
};
