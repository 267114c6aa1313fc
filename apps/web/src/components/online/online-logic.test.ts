import { describe, expect, it } from 'vitest';
import { fieldRules } from '../kit/rules';
import { buildTreeRows, isPlaceholder } from '../kit/tree';
import {
  buttonShown,
  cellKind,
  cellText,
  DEFAULT_PATTERN_ERROR,
  erpSubParams,
  FORM_VIEWS,
  formBody,
  formModel,
  hasChildFlag,
  hrefTarget,
  isJsButton,
  listParams,
  ONLINE_DEFAULT_SORT,
  onlineSuperFields,
  patternRules,
  queryFields,
  splitButtons,
  subColumn,
  subRowsOf,
  substituteHref,
  templateColumns,
  treeParentField,
  widgetForView,
} from './online-logic';

const ruleOf = (rules: ReturnType<typeof patternRules>) => rules[0] as { pattern: RegExp; message: string };

describe('form views → registry widgets', () => {
  it('every view of contract-2 §4.2 maps to a widget', () => {
    const seen = FORM_VIEWS.map((v) => widgetForView(v, { dictCode: 'sex' }).widget);
    expect(seen).toEqual([
      'dict',
      'dict-radio',
      'dict-checkbox',
      'dict-multi',
      'dict-search',
      'tree',
      'category',
      'online-popup',
      'input',
      'user',
      'depart',
      'switch',
      'date',
      'datetime',
      'time',
      'file',
      'image',
      'textarea',
      'password',
      'editor',
      'markdown',
      'pca',
      'online-rate',
      'input',
      'number',
      'number',
      'input',
    ]);
  });

  it('enum options win over the dictionary; a table dictionary is table,text,code', () => {
    expect(widgetForView('list', { enum: [{ value: '1', text: '男' }] })).toEqual({
      widget: 'select',
      props: { options: [{ value: '1', label: '男' }] },
    });
    expect(
      widgetForView('sel_search', { dictTable: 'sys_user', dictText: 'realname', dictCode: 'username' }).props,
    ).toEqual({
      dict: 'sys_user,realname,username',
    });
  });

  it('switch values from fieldExtendJson, else Y/N; integer has no decimals; popup keeps its mapping', () => {
    expect(widgetForView('switch', { fieldExtendJson: '["1","0"]' }).props).toEqual({ options: ['1', '0'] });
    expect(widgetForView('switch', { fieldExtendJson: 'not json' }).props).toEqual({ options: ['Y', 'N'] });
    expect(widgetForView('integer', { minimum: 0 }).props).toEqual({ precision: 0, min: 0 });
    expect(
      widgetForView('popup', {
        code: 'report_user',
        orgFields: 'username,realname',
        destFields: 'a,b',
        popupMulti: true,
      }).props,
    ).toEqual({ code: 'report_user', orgFields: 'username,realname', destFields: 'a,b', multi: true });
  });

  it('link_down reads its JSON config; a broken one falls back to a text input', () => {
    const w = widgetForView('link_down', {
      dictTable: '{"table":"sys_category","txt":"name","key":"id","linkField":"b","pidField":"pid"}',
    });
    expect(w).toEqual({ widget: 'tree', props: { dict: 'sys_category,name,id', pidField: 'pid', pidValue: '' } });
    expect(widgetForView('link_down', { dictTable: 'x' }).widget).toBe('input');
  });
});

describe('patterns → rules', () => {
  it('"only" and blank make no pattern rule; "z" is an integer', () => {
    expect(patternRules('only')).toEqual([]);
    expect(patternRules('')).toEqual([]);
    const z = ruleOf(patternRules('z'));
    expect(z.pattern.test('-12')).toBe(true);
    expect(z.pattern.test('1.5')).toBe(false);
  });

  it('presets keep their pattern; errorInfo wins; a regex defaults to 正则表达式不正确', () => {
    expect(ruleOf(patternRules('m')).message).toBe('请输入正确的手机号码');
    expect(ruleOf(patternRules('m', '手机号不对')).message).toBe('手机号不对');
    const re = ruleOf(patternRules('^A\\d{3}$'));
    expect(re.message).toBe(DEFAULT_PATTERN_ERROR);
    expect(re.pattern.test('A123')).toBe(true);
    expect(re.pattern.test('B123')).toBe(false);
  });

  it('an unusable stored regex never blocks the form', () => {
    expect(patternRules('([')).toEqual([]);
  });
});

const ORDER_SCHEMA = {
  formTemplate: '2',
  schema: {
    table: 'ces_order_main',
    required: ['order_code'],
    properties: {
      order_code: { title: '订单编码', view: 'text', order: 1, pattern: 'only' },
      xd_date: { title: '下单时间', view: 'datetime', order: 2 },
      money: { title: '订单总额', view: 'number', order: 3, dbPointLength: 2 },
      remark: { title: '备注', view: 'umeditor', order: 5 },
      secret: { title: '隐藏', view: 'hidden', order: 4 },
      locked: { title: '只读', view: 'text', order: 6, ui: { widgetattrs: { disabled: true } }, defVal: 'X' },
      ces_order_goods: {
        view: 'tab',
        relationType: 0,
        describe: '订单商品',
        order: 2,
        columns: [
          {
            key: 'good_name',
            title: '商品名字',
            type: 'text',
            validateRules: [{ required: true, message: '商品名字不能为空' }],
          },
          { key: 'price', title: '价格', type: 'number' },
        ],
      },
      ces_order_customer: {
        view: 'tab',
        relationType: 1,
        describe: '订单客户',
        order: 1,
        required: ['name'],
        properties: { name: { title: '客户名字', view: 'text', order: 1 } },
      },
    },
  },
};

describe('getFormItem schema → form model', () => {
  const model = formModel(ORDER_SCHEMA as never);

  it('main fields in order, hidden fields apart, template columns → spans (editors full width)', () => {
    expect(model.fields.map((f) => f.field)).toEqual(['order_code', 'xd_date', 'money', 'remark', 'locked']);
    expect(model.hidden).toEqual(['secret']);
    expect(model.columns).toBe(2);
    expect(model.fields.find((f) => f.field === 'order_code')?.span).toBe(12);
    expect(model.fields.find((f) => f.field === 'remark')?.span).toBe(24);
  });

  it('required, unique check, read-only and default values', () => {
    const code = model.fields.find((f) => f.field === 'order_code');
    expect(code?.required).toBe(true);
    expect(code?.duplicate).toEqual({ tableName: 'ces_order_main', fieldName: 'order_code' });
    const locked = model.fields.find((f) => f.field === 'locked');
    expect(locked?.readOnly).toBe(true);
    expect(locked?.initialValue).toBe('X');
    const rules = fieldRules(code as never, { record: null, mode: 'add', fixed: {} });
    expect(rules[0]).toMatchObject({ required: true, message: '请输入订单编码!' });
  });

  it('subs sorted by order: one-to-one as a nested form, one-to-many as table columns', () => {
    expect(model.subs.map((s) => [s.key, s.relationType, s.title])).toEqual([
      ['ces_order_customer', 1, '订单客户'],
      ['ces_order_goods', 0, '订单商品'],
    ]);
    expect(model.subs[0]?.fields.map((f) => [f.field, f.required])).toEqual([['name', true]]);
    const cols = model.subs[1]?.columns.map(subColumn);
    expect(cols?.map((c) => [c.key, c.type])).toEqual([
      ['good_name', 'input'],
      ['price', 'inputNumber'],
    ]);
    expect(cols?.[0]?.validateRules).toEqual([{ required: true, message: '商品名字不能为空' }]);
  });

  it('templateColumns accepts 1..4 only', () => {
    expect([templateColumns('3'), templateColumns(null), templateColumns('9')]).toEqual([3, 1, 1]);
  });
});

describe('save body and loaded sub rows', () => {
  it('main values trimmed, id on edit, sub arrays, empty subs as ""', () => {
    expect(
      formBody(
        { order_code: ' A1 ', money: 3, gone: undefined },
        { ces_order_goods: [{ good_name: 'x' }], ces_order_customer: { name: 'c' }, empty: [], none: null },
        'id1',
      ),
    ).toEqual({
      order_code: 'A1',
      money: 3,
      id: 'id1',
      ces_order_goods: [{ good_name: 'x' }],
      ces_order_customer: [{ name: 'c' }],
      empty: '',
      none: '',
    });
  });

  it('sub rows of a record: an array, a page or one record', () => {
    expect(subRowsOf({ a: [{ id: 1 }] }, 'a')).toEqual([{ id: 1 }]);
    expect(subRowsOf({ a: { records: [{ id: 2 }] } }, 'a')).toEqual([{ id: 2 }]);
    expect(subRowsOf({ a: { id: 3 } }, 'a')).toEqual([{ id: 3 }]);
    expect(subRowsOf({ a: '' }, 'a')).toEqual([]);
    expect(subRowsOf(null, 'a')).toEqual([]);
  });
});

describe('query info → query form', () => {
  const { fields, initial } = queryFields([
    { field: 'name', label: '名称', view: 'text', mode: 'single', defValue: '张' },
    { field: 'birthday', label: '生日', view: 'date', mode: 'group', defValue: '2020-01-01' },
    { field: 'age', label: '年龄', view: 'integer', mode: 'group' },
    { field: 'sex', label: '性别', view: 'list', mode: 'single', dictCode: 'sex' },
    { field: 'tags', label: '标签', view: 'checkbox', mode: 'single', dictList: [{ value: 'a', text: 'A' }] },
  ]);

  it('single defaults are pre-filled; group defaults are not', () => {
    expect(initial).toEqual({ name: '张' });
  });

  it('group mode: date → range picker, number → number range; dictionaries and options', () => {
    expect(fields.map((f) => [f.field, f.widget, Boolean(f.range)])).toEqual([
      ['name', 'input', false],
      ['birthday', 'date-range', true],
      ['age', 'online-number-range', true],
      ['sex', 'dict', false],
      ['tags', 'select-multi', false],
    ]);
    expect(fields[3]?.props).toEqual({ dictCode: 'sex' });
    expect(fields[4]?.props).toEqual({ options: [{ value: 'a', label: 'A' }] });
  });
});

describe('query info → popup query field', () => {
  it('a popup field is searched with the report picker, filling only itself', () => {
    const { fields } = queryFields([
      {
        field: 'pop_name',
        label: '用户',
        view: 'popup',
        mode: 'single',
        code: 'report_user',
        orgFields: 'username,realname',
        destFields: 'pop,pop_name',
      },
      { field: 'other', label: '其它', view: 'popup', mode: 'single', code: '', orgFields: '', destFields: '' },
    ]);
    expect(fields[0]?.widget).toBe('online-popup');
    expect(fields[0]?.props).toEqual({
      code: 'report_user',
      field: 'pop_name',
      orgFields: 'realname',
      destFields: 'pop_name',
      multi: false,
    });
    // no report configured: a plain text box, as before
    expect(fields[1]?.widget).toBe('input');
  });
});

describe('advanced query fields of a generated list', () => {
  const info = {
    columns: [
      { title: '姓名', dataIndex: 'name' },
      { title: '性别', dataIndex: 'sex', customRender: 'sex' },
      { title: '生日', dataIndex: 'birthday', fieldType: 'Date' },
      { title: '负责人', dataIndex: 'owner', customRender: '_replace_text_owner_dictText' },
      { title: '采购人', dataIndex: 'buyer', customRender: '_replace_text_buyer_dictText' },
      { title: '用户弹框', dataIndex: 'pop' },
      { title: '备注', dataIndex: 'remark', customRender: '_replace_text_remark_dictText' },
      { title: '经办人', dataIndex: 'handler', customRender: '_replace_text_handler_dictText' },
      { title: '所属部门', dataIndex: 'dept', customRender: '_replace_text_dept_dictText' },
    ],
    dictOptions: { sex: [{ value: '1', text: '男', label: '男', title: '男' }] },
  };
  const popup = { code: 'report_user', orgFields: 'username', destFields: 'pop' };

  it('from the columns alone: table dictionaries are left out until their dictionary is known', () => {
    expect(onlineSuperFields(info).map((f) => [f.field, f.type])).toEqual([
      ['name', 'string'],
      ['sex', 'dict'],
      ['birthday', 'date'],
      ['pop', 'string'],
    ]);
  });

  it('with the query info and the form schema: table dictionary, search select and popup get their config', () => {
    const fields = onlineSuperFields(
      info,
      [
        {
          field: 'owner',
          label: '负责人',
          view: 'list',
          dictTable: 'sys_user',
          dictText: 'realname',
          dictCode: 'username',
        },
      ],
      {
        buyer: { view: 'sel_search', dictTable: 'sys_user', dictText: 'realname', dictCode: 'username' },
        pop: { view: 'popup', ...popup },
        handler: { view: 'sel_user' },
        dept: { view: 'sel_depart' },
      },
    );
    // user and department fields get the pickers (usernames, department ids), not a text box
    expect(fields.filter((f) => ['handler', 'dept'].includes(f.field))).toEqual([
      { field: 'handler', label: '经办人', type: 'user' },
      { field: 'dept', label: '所属部门', type: 'depart' },
    ]);
    expect(fields.filter((f) => ['owner', 'buyer', 'pop'].includes(f.field))).toEqual([
      { field: 'owner', label: '负责人', type: 'dict', dictCode: 'sys_user,realname,username' },
      { field: 'buyer', label: '采购人', type: 'sel_search', dictCode: 'sys_user,realname,username' },
      { field: 'pop', label: '用户弹框', type: 'popup', popup },
    ]);
    expect(fields.some((f) => f.field === 'remark')).toBe(false);
  });
});

describe('list parameters', () => {
  const base = {
    query: { name: '张', blank: '' },
    sort: ONLINE_DEFAULT_SORT,
    pageNo: 3,
    pageSize: 20,
    superQuery: null,
    paged: true,
  };

  it('paged: pageNo/pageSize, default sort id desc, empty values stripped', () => {
    expect(listParams(base)).toEqual({ name: '张', column: 'id', order: 'desc', pageNo: 3, pageSize: 20 });
  });

  it('no paging sends pageSize -521 from page 1', () => {
    expect(listParams({ ...base, paged: false })).toMatchObject({ pageNo: 1, pageSize: -521 });
  });

  it('fixed parameters and the advanced query go along', () => {
    const q = listParams({
      ...base,
      fixed: { tabletype: 3, order_id: 'm1' },
      superQuery: { params: [{ field: 'name', rule: 'eq', val: 'x' }], matchType: 'or' } as never,
    });
    expect(q).toMatchObject({ tabletype: 3, order_id: 'm1', superQueryMatchType: 'or' });
    expect(JSON.parse(decodeURI(String(q.superQueryParams)))).toEqual([{ field: 'name', rule: 'eq', val: 'x' }]);
  });
});

describe('cells', () => {
  const dict = {
    sex: [
      { value: '1', text: '男' },
      { value: '2', text: '女' },
    ],
  };

  it('dictionary texts (comma values), Date → first 10 characters, _replace_text_', () => {
    expect(cellText({ dataIndex: 'sex', customRender: 'sex' }, { sex: '1,2' }, dict)).toBe('男,女');
    expect(cellText({ dataIndex: 'sex', customRender: 'sex' }, { sex: '9' }, dict)).toBe('9');
    expect(cellText({ dataIndex: 'd', fieldType: 'Date' }, { d: '2024-05-06 12:00:00' }, dict)).toBe('2024-05-06');
    expect(cellText({ dataIndex: 'u', customRender: '_replace_text_u_name' }, { u: 'x', u_name: '管理员' }, dict)).toBe(
      '管理员',
    );
    expect(cellText({ dataIndex: 'n' }, { n: null }, dict)).toBe('');
  });
});

describe('link templates are substituted as text, never evaluated', () => {
  it('field names and record./row. paths take the row value, URL-encoded', () => {
    expect(substituteHref('https://x.example/a?id={{ id }}&n={{record.name}}', { id: 7, name: 'a b&c' })).toBe(
      'https://x.example/a?id=7&n=a%20b%26c',
    );
  });

  it('any other expression becomes empty (no code runs)', () => {
    let ran = false;
    (globalThis as Record<string, unknown>).__probe = () => {
      ran = true;
    };
    expect(substituteHref('/p?x={{ __probe() }}&y={{ alert(1) }}&z={{a.b.c}}', { a: 1 })).toBe('/p?x=&y=&z=');
    expect(ran).toBe(false);
  });

  it('targets: http(s) outside, app paths in the router, anything else nowhere', () => {
    expect(hrefTarget('https://a.example')).toEqual({ kind: 'external', to: 'https://a.example' });
    expect(hrefTarget('/online/cgformList/1')).toEqual({ kind: 'route', to: '/online/cgformList/1' });
    expect(hrefTarget('javascript:alert(1)')).toBeNull();
    expect(hrefTarget('//evil.example')).toBeNull();
  });
});

describe('buttons', () => {
  it('hideColumns hides built-ins', () => {
    expect(buttonShown({ hideColumns: ['add', 'export'] }, 'add')).toBe(false);
    expect(buttonShown({ hideColumns: ['add'] }, 'delete')).toBe(true);
    expect(buttonShown(null, 'import')).toBe(true);
  });

  it('custom buttons: button style → toolbar, link style → row; js buttons are not run', () => {
    const { toolbar, row } = splitButtons([
      { buttonCode: 'a', buttonName: 'A', buttonStyle: 'button', optType: 'action' },
      { buttonCode: 'b', buttonName: 'B', buttonStyle: 'link', optType: 'js' },
    ]);
    expect(toolbar.map((b) => b.buttonCode)).toEqual(['a']);
    expect(row.map((b) => b.buttonCode)).toEqual(['b']);
    expect(isJsButton(toolbar[0] as never)).toBe(false);
    expect(isJsButton(row[0] as never)).toBe(true);
  });
});

describe('tree rows', () => {
  it('rows flagged with children get a placeholder child; loaded children replace it; none → leaf', () => {
    const rows = [
      { id: 'a', name: 'A', has_child: '1' },
      { id: 'b', name: 'B', has_child: '0' },
    ];
    const has = (r: Record<string, unknown>) => hasChildFlag(r.has_child);
    const before = buildTreeRows(rows, {}, has);
    expect(before[0]?.children?.length).toBe(1);
    expect(isPlaceholder(before[0]?.children?.[0])).toBe(true);
    expect(before[1]?.children).toBeUndefined();
    const after = buildTreeRows(rows, { a: [{ id: 'a1', name: 'A1', has_child: 'false' }] }, has);
    expect(after[0]?.children?.map((c) => c.id)).toEqual(['a1']);
    expect(buildTreeRows(rows, { a: [] }, has)[0]?.children).toBeUndefined();
    expect([true, 1, '1', 'true'].every(hasChildFlag)).toBe(true);
    expect([false, 0, '0', null, undefined].some(hasChildFlag)).toBe(false);
  });
});

describe('ERP sub lists', () => {
  it('tabletype and the foreign keys of the chosen main row; new sub rows get the key', () => {
    expect(
      erpSubParams({ tableType: 3, foreignKeys: [{ field: 'order_main_id', key: 'id' }] }, { id: 'm1', code: 'c' }),
    ).toEqual({ params: { tabletype: 3, order_main_id: 'm1' }, init: { order_main_id: 'm1' }, tabletype: 3 });
  });
});

describe('shapes of the server answers', () => {
  it('sel_tree takes the schema dict ("table,text,code") and its pid settings', () => {
    expect(
      widgetForView('sel_tree', {
        dict: 'sys_category,name,id',
        pidField: 'pid',
        pidValue: '0',
        hasChildField: 'has_child',
      }).props,
    ).toEqual({ dict: 'sys_category,name,id', pidField: 'pid', pidValue: '0', hasChildField: 'has_child' });
  });

  it('image and file slots; a switch sub column stores its two values', () => {
    expect([
      cellKind({ scopedSlots: { customRender: 'imageSlot' } }),
      cellKind({ scopedSlots: { customRender: 'imgSlot' } }),
      cellKind({ scopedSlots: { customRender: 'fileSlot' } }),
      cellKind({ scopedSlots: { customRender: 'fieldHref_x' } }),
    ]).toEqual(['image', 'image', 'file', 'text']);
    expect(
      subColumn({ key: 'ok', title: 'OK', type: 'checkbox', view: 'switch', fieldExtendJson: '' }).customValue,
    ).toEqual(['Y', 'N']);
  });
});

describe('the parent field of a tree form', () => {
  const head = {
    id: 'h1',
    isTree: 'Y',
    treeParentIdField: 'pid',
    treeFieldname: 'type_name',
    treeIdField: 'has_child',
  };

  it('picks among the form rows (not a dictionary tree)', () => {
    const model = formModel({
      head,
      schema: {
        table: 't',
        properties: { pid: { title: '父级节点', view: 'sel_tree', dict: '' }, type_name: { title: '名称' } },
      },
    } as never);
    expect(model.fields.find((f) => f.field === 'pid')).toMatchObject({
      widget: 'online-tree-parent',
      props: { headId: 'h1', pidField: 'pid', textField: 'type_name', hasChildField: 'has_child' },
    });
    expect(model.fields.find((f) => f.field === 'type_name')?.widget).toBe('input');
  });

  it('other forms keep the field as it is', () => {
    const f = { field: 'pid', label: 'x', widget: 'tree' };
    expect(treeParentField(f, { ...head, isTree: 'N' })).toBe(f);
    expect(treeParentField(f, undefined)).toBe(f);
  });
});
