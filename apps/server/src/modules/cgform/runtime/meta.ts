import type { AppContext } from '../../../context.ts';
import { dictSnapshot } from '../../../platform/dict-cache.ts';
import { parseDictRef } from '../../../platform/dict-text.ts';
import type { FieldRow, FormModel } from '../model.ts';
import type { FormAuth } from './auth.ts';
import { PATTERNS } from './validate.ts';

/**
 * The metadata answers of the generated screens (contract-2 §4.1 getColumns / getQueryInfo / getErpColumns, §4.2
 * getFormItem): everything is derived from the stored definition and the user's online auth rules. `enhanceJs` is
 * always null: no code from a definition reaches a browser or the server (issue 13).
 */

/** fields the generated forms never edit: the key, audit columns and the org code are the server's */
export const SYSTEM_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'create_by',
  'create_time',
  'update_by',
  'update_time',
  'sys_org_code',
]);

type DictOption = { value: string; text: string; label: string; title: string };

/** options of the plain dictionaries (enabled items, in order) among the given fields */
async function dictOptionsOf(
  ctx: AppContext,
  model: FormModel,
  fields: FieldRow[],
): Promise<Record<string, DictOption[]>> {
  const out: Record<string, DictOption[]> = {};
  const wanted = fields.filter((f) => {
    const ref = model.dicts[f.dbFieldName];
    return ref && parseDictRef(ref).kind === 'code';
  });
  if (wanted.length === 0) return out;
  const snap = await dictSnapshot(ctx);
  for (const f of wanted) {
    const ref = parseDictRef(model.dicts[f.dbFieldName]);
    if (ref.kind !== 'code') continue;
    const entry = snap.get(ref.code);
    out[f.dbFieldName] = (entry && !entry.deleted ? entry.items : [])
      .filter((i) => i.status === 1)
      .map((i) => ({ value: i.value, text: i.text, label: i.text, title: i.text }));
  }
  return out;
}

/**
 * A switch field's stored [on, off] values: fieldExtendJson may name them (JeecgBoot: `["Y","N"]` by default, or
 * `[1,0]`); anything else falls back to Y / N.
 */
export function switchValues(f: FieldRow): [string, string] {
  try {
    const v = JSON.parse(f.fieldExtendJson || 'null') as unknown;
    if (Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'string' || typeof x === 'number'))
      return [String(v[0]), String(v[1])];
  } catch {
    // not JSON: the default pair
  }
  return ['Y', 'N'];
}

/** 是 / 否 options of a switch field without a dictionary (the list shows 是/否, not the stored Y/N) */
export function switchOptions(f: FieldRow): DictOption[] {
  const [on, off] = switchValues(f);
  return [
    { value: on, text: '是', label: '是', title: '是' },
    { value: off, text: '否', label: '否', title: '否' },
  ];
}

export function buttonList(model: FormModel, auth: FormAuth) {
  return model.buttons
    .filter((b) => b.buttonStatus === '1' && !auth.hiddenButtons.has(b.buttonCode))
    .map((b) => ({
      id: b.id,
      buttonCode: b.buttonCode,
      buttonName: b.buttonName,
      buttonIcon: b.buttonIcon,
      buttonStyle: b.buttonStyle,
      optType: b.optType,
      exp: b.exp,
      optPosition: b.optPosition,
      orderNum: b.orderNum,
    }));
}

/** list columns a user sees: shown in the list, not the key, not hidden by a rule, readable from the table */
export function listFields(model: FormModel, auth: FormAuth): FieldRow[] {
  return model.fields.filter(
    (f) =>
      f.isShowList === 1 &&
      f.dbFieldName !== 'id' &&
      !auth.listHidden.has(f.dbFieldName) &&
      (!model.synced || model.columns.has(f.dbFieldName)),
  );
}

/** getColumns/{headId} */
export async function columnsAnswer(ctx: AppContext, model: FormModel, auth: FormAuth) {
  const fields = listFields(model, auth);
  const dictOptions = await dictOptionsOf(ctx, model, fields);
  const columns = fields.map((f) => {
    const col: Record<string, unknown> = {
      title: f.dbFieldTxt ?? f.dbFieldName,
      dataIndex: f.dbFieldName,
      align: 'center',
      sorter: f.sortFlag === '1',
    };
    if (f.fieldLength && f.fieldLength > 0) col.width = f.fieldLength;
    if (f.dbType === 'Date') col.fieldType = 'Date';
    const ref = model.dicts[f.dbFieldName];
    if (ref) {
      if (parseDictRef(ref).kind === 'code') col.customRender = f.dbFieldName;
      else col.customRender = `_replace_text_${f.dbFieldName}_dictText`;
    } else if (f.fieldShowType === 'switch') {
      dictOptions[f.dbFieldName] = switchOptions(f);
      col.customRender = f.dbFieldName;
    }
    if (f.fieldShowType === 'file' || f.fieldShowType === 'image')
      col.scopedSlots = { customRender: `${f.fieldShowType}Slot` };
    if (f.fieldHref) {
      col.hrefSlotName = `fieldHref_${f.dbFieldName}`;
      col.scopedSlots = { customRender: col.hrefSlotName };
    }
    return col;
  });
  const fieldHrefSlots = fields
    .filter((f) => f.fieldHref)
    .map((f) => ({ slotName: `fieldHref_${f.dbFieldName}`, href: f.fieldHref }));
  const hideColumns = [...auth.hiddenButtons];
  const h = model.head;
  const answer: Record<string, unknown> = {
    code: h.id,
    columns,
    dictOptions,
    fieldHrefSlots,
    formTemplate: h.formTemplate ?? '1',
    description: h.tableTxt,
    currentTableName: h.tableName,
    tableType: h.tableType,
    checkboxFlag: h.isCheckbox === 'N' ? 'N' : 'Y',
    paginationFlag: h.isPage === 'N' ? 'N' : 'Y',
    scrollFlag: h.scroll ?? 0,
    cgButtonList: buttonList(model, auth),
    enhanceJs: null,
    hideColumns,
    isDesForm: 'N',
    desFormCode: null,
    themeTemplate: h.themeTemplate ?? 'normal',
  };
  if (model.tree) {
    answer.pidField = model.tree.pid;
    answer.hasChildrenField = model.tree.hasChild;
    answer.textField = model.tree.text;
  }
  return answer;
}

/** getErpColumns/{headId}: the main's columns and each sub's, with its foreign key */
export async function erpColumnsAnswer(
  ctx: AppContext,
  model: FormModel,
  auth: FormAuth,
  subs: Array<{ model: FormModel; auth: FormAuth }>,
) {
  const main = await columnsAnswer(ctx, model, auth);
  const subList = [];
  for (const s of subs) {
    const ref = model.subs.find((r) => r.headId === s.model.head.id)!;
    const c = await columnsAnswer(ctx, s.model, s.auth);
    subList.push({
      ...c,
      // the foreign key column is implied by the selected main row
      columns: (c.columns as Array<{ dataIndex: string }>).filter((col) => col.dataIndex !== ref.fkField),
      tableType: 3,
      relationType: ref.relationType,
      foreignKeys: [{ field: ref.fkField, key: ref.mainField }],
    });
  }
  return { main, subList };
}

/** getQueryInfo/{headId}: the query form, in field order */
export function queryInfoAnswer(model: FormModel, auth: FormAuth) {
  return model.fields
    .filter((f) => f.isQuery === 1 && !auth.listHidden.has(f.dbFieldName))
    .map((f) => {
      const own = f.queryConfigFlag === '1';
      const dictTable = (own ? f.queryDictTable : f.dictTable) ?? '';
      const dictCode = (own ? f.queryDictField : f.dictField) ?? '';
      const dictText = (own ? f.queryDictText : f.dictText) ?? '';
      const item: Record<string, unknown> = {
        field: f.dbFieldName,
        label: f.dbFieldTxt ?? f.dbFieldName,
        view: (own && f.queryShowType) || f.fieldShowType || 'text',
        mode: f.queryMode === 'group' ? 'group' : 'single',
        config: own ? '1' : '0',
        defValue: (own ? f.queryDefVal : null) ?? '',
        dictCode,
        dictTable,
        dictText,
        dbField: f.dbFieldName,
        fieldExtendJson: f.fieldExtendJson ?? '',
      };
      const view = item.view as string;
      if (view === 'sel_tree') Object.assign(item, treeProps(f));
      if (view === 'popup') Object.assign(item, popupProps(f));
      if (view === 'cat_tree') item.pcode = f.dictField ?? '';
      return item;
    });
}

function treeProps(f: FieldRow) {
  const [pidField = 'pid', textField = 'name', hasChildField = 'has_child'] = (f.dictText ?? '').split(',');
  return { dict: f.dictTable ?? '', pidField, textField, hasChildField, pidValue: '0' };
}

function popupProps(f: FieldRow) {
  let popupMulti = false;
  try {
    popupMulti = !!(JSON.parse(f.fieldExtendJson || '{}') as { popupMulti?: unknown }).popupMulti;
  } catch {
    popupMulti = false;
  }
  return { code: f.dictTable ?? '', orgFields: f.dictField ?? '', destFields: f.dictText ?? '', popupMulti };
}

export function jsonType(f: FieldRow): 'string' | 'number' | 'integer' {
  if (f.dbType === 'int' || f.dbType === 'integer') return 'integer';
  if (f.dbType === 'double' || f.dbType === 'BigDecimal') return 'number';
  return 'string';
}

/** form fields a user sees: shown in the form, not the key, not hidden by a rule */
export function formFields(model: FormModel, auth: FormAuth): FieldRow[] {
  return model.fields.filter(
    (f) => f.isShowForm === 1 && f.dbFieldName !== 'id' && !auth.formHidden.has(f.dbFieldName),
  );
}

async function propertiesOf(ctx: AppContext, model: FormModel, auth: FormAuth, omit?: string) {
  const fields = formFields(model, auth).filter((f) => f.dbFieldName !== omit);
  const options = await dictOptionsOf(ctx, model, fields);
  const properties: Record<string, Record<string, unknown>> = {};
  const required: string[] = [];
  fields.forEach((f, i) => {
    const view = f.fieldShowType || 'text';
    const p: Record<string, unknown> = {
      title: f.dbFieldTxt ?? f.dbFieldName,
      view,
      type: jsonType(f),
      order: i,
      maxLength: f.dbType === 'string' ? f.dbLength : undefined,
      ui: { widgetattrs: { disabled: f.isReadOnly === 1 || auth.readOnly.has(f.dbFieldName) } },
    };
    if (f.fieldExtendJson) p.fieldExtendJson = f.fieldExtendJson;
    if (f.fieldDefaultValue) p.defVal = f.fieldDefaultValue;
    if (p.type === 'number') p.dbPointLength = f.dbPointLength ?? 0;
    if (view === 'hidden') p.hidden = true;
    const valid = (f.fieldValidType ?? '').trim();
    if (valid) {
      p.pattern = valid;
      p.errorInfo = Object.hasOwn(PATTERNS, valid) ? PATTERNS[valid].message : '正则表达式不正确';
    }
    const ref = model.dicts[f.dbFieldName];
    if (options[f.dbFieldName])
      p.enum = options[f.dbFieldName].map(({ value, text, label }) => ({ value, text, label }));
    if (ref || ['list', 'radio', 'checkbox', 'list_multi', 'sel_search'].includes(view)) {
      p.dictCode = f.dictField ?? '';
      p.dictTable = f.dictTable ?? '';
      p.dictText = f.dictText ?? '';
    }
    if (view === 'popup') Object.assign(p, popupProps(f));
    if (view === 'sel_tree') Object.assign(p, treeProps(f));
    if (view === 'cat_tree') Object.assign(p, { pcode: f.dictField ?? '', textField: f.dictText ?? '' });
    if (view === 'link_down') p.dictTable = f.dictTable ?? '';
    for (const k of Object.keys(p)) if (p[k] === undefined) delete p[k];
    properties[f.dbFieldName] = p;
    if (f.fieldMustInput === '1') required.push(f.dbFieldName);
  });
  return { properties, required };
}

const VXE_TYPES: Record<string, string> = {
  text: 'input',
  list: 'select',
  radio: 'radio',
  checkbox: 'checkbox',
  list_multi: 'list_multi',
  sel_search: 'sel_search',
  date: 'date',
  datetime: 'datetime',
  time: 'time',
  file: 'file',
  image: 'image',
  popup: 'popup',
  sel_user: 'sel_user',
  sel_depart: 'sel_depart',
  switch: 'checkbox',
  textarea: 'textarea',
  number: 'inputNumber',
  integer: 'inputNumber',
  hidden: 'hidden',
  link_down: 'select',
};

/** getFormItem/{headId} (also getErpFormItem, getFormItemBytbname) */
export async function formItemAnswer(
  ctx: AppContext,
  model: FormModel,
  auth: FormAuth,
  subs: Array<{ model: FormModel; auth: FormAuth }>,
  withSubs = true,
) {
  const { properties, required } = await propertiesOf(ctx, model, auth);
  const schema: Record<string, unknown> = {
    title: model.head.tableTxt,
    table: model.head.tableName,
    type: 'object',
    required,
    properties,
  };
  if (withSubs) {
    for (const [i, s] of subs.entries()) {
      const ref = model.subs.find((r) => r.headId === s.model.head.id)!;
      const base = {
        view: 'tab',
        relationType: ref.relationType,
        describe: s.model.head.tableTxt,
        order: Object.keys(properties).length + i,
        key: s.model.head.tableName,
        id: s.model.head.id,
        foreignKey: [ref.fkField],
      };
      if (ref.relationType === 1) {
        // one-to-one: a nested form
        const inner = await propertiesOf(ctx, s.model, s.auth, ref.fkField);
        properties[s.model.head.tableName] = { ...base, ...inner };
      } else {
        const fields = formFields(s.model, s.auth).filter((f) => f.dbFieldName !== ref.fkField);
        properties[s.model.head.tableName] = {
          ...base,
          columns: fields.map((f) => {
            const view = f.fieldShowType || 'text';
            const rules: Array<Record<string, unknown>> = [];
            if (f.fieldMustInput === '1')
              rules.push({ required: true, message: `${f.dbFieldTxt ?? f.dbFieldName}不能为空` });
            const valid = (f.fieldValidType ?? '').trim();
            if (valid)
              rules.push({
                pattern: valid,
                message: Object.hasOwn(PATTERNS, valid) ? PATTERNS[valid].message : '正则表达式不正确',
              });
            const col: Record<string, unknown> = {
              title: f.dbFieldTxt ?? f.dbFieldName,
              key: f.dbFieldName,
              type: VXE_TYPES[view] ?? 'input',
              view,
              width: f.fieldLength && f.fieldLength > 0 ? `${f.fieldLength}px` : '200px',
              placeholder: `请输入\${title}`,
              defaultValue: f.fieldDefaultValue ?? '',
              validateRules: rules,
              disabled: f.isReadOnly === 1 || s.auth.readOnly.has(f.dbFieldName),
              fieldExtendJson: f.fieldExtendJson ?? '',
            };
            if (
              s.model.dicts[f.dbFieldName] ||
              ['list', 'radio', 'checkbox', 'list_multi', 'sel_search'].includes(view)
            ) {
              col.dictCode = f.dictTable
                ? `${f.dictTable},${f.dictText ?? ''},${f.dictField ?? ''}`
                : (f.dictField ?? '');
            }
            if (view === 'popup') Object.assign(col, { popupCode: f.dictTable ?? '', ...popupProps(f) });
            return col;
          }),
        };
      }
    }
  }
  const h = model.head;
  return {
    head: {
      id: h.id,
      tableName: h.tableName,
      tableTxt: h.tableTxt,
      tableType: h.tableType,
      isTree: h.isTree,
      relationType: h.relationType,
      formTemplate: h.formTemplate ?? '1',
      themeTemplate: h.themeTemplate ?? 'normal',
      extConfigJson: h.extConfigJson ?? null,
      treeParentIdField: h.treeParentIdField,
      treeIdField: h.treeIdField,
      treeFieldname: h.treeFieldname,
      isDbSynch: h.isDbSynch,
    },
    schema,
    formTemplate: h.formTemplate ?? '1',
    cgButtonList: buttonList(model, auth),
    enhanceJs: null,
  };
}
