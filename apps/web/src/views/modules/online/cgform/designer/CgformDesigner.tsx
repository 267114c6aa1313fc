import { Alert, Col, Form, Input, InputNumber, Radio, Row, Select, Tabs } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  type CgformField,
  type CgformHead,
  type CgformIndex,
  checkOnlyTable,
  getCgformHead,
  listCgformFields,
  listCgformIndexes,
  listMainTables,
  saveCgform,
} from '../../../../../api/cgform-design';
import { JVxeTable, type JVxeTableApi } from '../../../../../components/jvxe';
import { DESIGNER_ROW_HEIGHT, DesignerModal, useFillHeight } from '../../../../../components/online/DesignerModal';
import { feedback } from '../../../../../utils/feedback';
import { type DesignerTab, fkColumns, indexColumns, TAB_COLUMNS, TAB_TITLES } from './designer-columns';
import {
  buildSaveBody,
  defaultFields,
  defaultHead,
  ensureTreeFields,
  fieldsToRows,
  IDENT,
  newField,
  rowsToFieldRows,
  TABLE_TYPES,
  THEMES,
  validateDesign,
} from './designer-logic';

type Rec = Record<string, unknown>;

const YN = [
  { value: 'Y', label: '是' },
  { value: 'N', label: '否' },
];

/**
 * The designer of one form definition (新增 / 编辑 of Online表单开发): the head form and the field tabs 数据库属性,
 * 页面属性, 校验字段, 外键, 字典 (one set of rows, a column set per tab) and 索引, saved in one api/addAll or
 * api/editAll call. A new definition starts with JeecgBoot's system columns.
 */
export function CgformDesigner({
  open,
  headId,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** null = a new definition */
  headId: string | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm();
  const [tab, setTab] = useState<DesignerTab>('db');
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [, setVersion] = useState(0);
  const [mainTables, setMainTables] = useState<string[]>([]);
  const fkCols = useMemo(() => fkColumns(mainTables), [mainTables]);
  const fieldsRef = useRef<Rec[]>([]);
  const indexRef = useRef<Rec[]>([]);
  const original = useRef<{ id: string; fields: CgformField[]; indexes: CgformIndex[] } | undefined>(undefined);
  const api = useRef<JVxeTableApi>(null);
  /** the space the field grid may take: what the dialog's body leaves below the head form and the tabs */
  const gridBox = useRef<HTMLDivElement>(null);
  const tableType = Form.useWatch('tableType', form);
  const isTree = Form.useWatch('isTree', form);

  useEffect(() => {
    if (!open) return;
    setTab('db');
    setErrors([]);
    original.current = undefined;
    if (!headId) {
      form.setFieldsValue(defaultHead());
      fieldsRef.current = fieldsToRows(defaultFields());
      indexRef.current = [];
      setVersion((v) => v + 1);
      return;
    }
    let live = true;
    setLoading(true);
    void Promise.all([getCgformHead(headId), listCgformFields(headId), listCgformIndexes(headId)])
      .then(([h, f, x]) => {
        if (!live) return;
        if (!h.success || !h.result) {
          feedback.message.warning(h.message || '未找到对应表单');
          return;
        }
        const head = h.result as CgformHead;
        form.setFieldsValue({ ...defaultHead(), ...head, relationType: head.relationType ?? 0 });
        const fields = (f.result ?? []) as CgformField[];
        const indexes = (x.result ?? []) as CgformIndex[];
        original.current = { id: head.id, fields, indexes };
        fieldsRef.current = fieldsToRows(fields);
        indexRef.current = indexes.map((i) => ({ ...i }));
        setVersion((v) => v + 1);
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [open, headId, form]);

  // 外键 offers the main-table definitions once the form is a sub table
  useEffect(() => {
    if (!open || Number(tableType) !== 3) return;
    let live = true;
    void listMainTables()
      .then((names) => live && setMainTables(names))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [open, tableType]);

  /** the open table's rows into the kept state (before switching tabs, saving, or reading field names) */
  const collect = () => {
    const rows = api.current?.getTableData();
    if (!rows) return;
    if (tab === 'index') {
      indexRef.current = rows.map((r) => ({ ...r }));
      return;
    }
    const byId = new Map(fieldsRef.current.map((r) => [r.id, r]));
    fieldsRef.current = rows.map((r, i) => ({ ...newField(i), ...(byId.get(r.id) ?? {}), ...r }));
  };

  const fieldNames = () => fieldsRef.current.map((r) => String(r.dbFieldName ?? '')).filter(Boolean);

  const switchTab = (next: string) => {
    collect();
    setTab(next as DesignerTab);
  };

  const save = async () => {
    collect();
    setErrors([]);
    let values: Rec;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const { rows, errors: validErrors } = rowsToFieldRows(fieldsRef.current);
    const body = buildSaveBody(values, rows, indexRef.current, original.current);
    const problems = [...validateDesign(body.head, body.fields, body.indexs), ...validErrors];
    if (problems.length) {
      setErrors(problems);
      feedback.message.warning(problems[0]);
      return;
    }
    setSaving(true);
    try {
      const res = await saveCgform(body);
      if (!res.success) {
        setErrors([res.message]);
        feedback.message.warning(res.message);
        return;
      }
      feedback.message.success(res.message || '保存成功');
      onSaved();
    } catch {
      // shown by the http client
    } finally {
      setSaving(false);
    }
  };

  const onValuesChange = (changed: Rec) => {
    if (changed.isTree === 'Y') {
      collect();
      fieldsRef.current = ensureTreeFields(fieldsRef.current);
      form.setFieldsValue({
        treeParentIdField: form.getFieldValue('treeParentIdField') || 'pid',
        treeIdField: form.getFieldValue('treeIdField') || 'has_child',
      });
      setVersion((v) => v + 1);
    }
  };

  const nameOptions = () => fieldNames().map((n) => ({ value: n, label: n }));
  const fieldSelect = (name: string, label: string) => (
    <Col xs={24} sm={8}>
      <Form.Item name={name} label={label} rules={[{ required: true, message: `请选择${label}` }]}>
        <Select
          options={nameOptions()}
          onOpenChange={(o) => {
            if (o) {
              collect();
              setVersion((v) => v + 1);
            }
          }}
          placeholder={`请选择${label}`}
        />
      </Form.Item>
    </Col>
  );

  const gridHeight = useFillHeight(gridBox, !loading && open, tab);
  const table =
    tab === 'index' ? (
      <JVxeTable
        key="index"
        ref={api}
        columns={indexColumns(fieldNames())}
        dataSource={indexRef.current}
        rowNumber
        rowSelection
        toolbar
        maxHeight={gridHeight}
        rowHeight={DESIGNER_ROW_HEIGHT}
      />
    ) : (
      <JVxeTable
        key={tab}
        ref={api}
        columns={tab === 'fk' ? fkCols : TAB_COLUMNS[tab]}
        dataSource={fieldsRef.current}
        rowNumber
        rowSelection={tab === 'db'}
        dragSort={tab === 'db'}
        sortKey="orderNum"
        toolbar={tab === 'db'}
        maxHeight={gridHeight}
        rowHeight={DESIGNER_ROW_HEIGHT}
      />
    );

  return (
    <DesignerModal
      isEdit={!!headId}
      open={open}
      loading={loading}
      saving={saving}
      testId="cgform-designer"
      fill
      onClose={onClose}
      onSave={() => void save()}
    >
      <Form
        form={form}
        name="cgformHead"
        labelCol={{ span: 8 }}
        wrapperCol={{ span: 16 }}
        onValuesChange={onValuesChange}
        data-testid="cgform-head-form"
      >
        <Row gutter={8}>
          <Col xs={24} sm={8}>
            <Form.Item
              name="tableName"
              label="表名"
              validateTrigger={['onChange', 'onBlur']}
              rules={[
                { required: true, message: '请输入表名!' },
                { pattern: IDENT, message: '表名须以小写字母开头，只含小写字母、数字和下划线，最长63位' },
                {
                  validateTrigger: 'onBlur',
                  validator: async (_, v) => {
                    if (typeof v !== 'string' || !IDENT.test(v)) return;
                    const res = await checkOnlyTable(v, original.current?.id).catch(() => null);
                    if (res?.success && Number(res.result) === -1)
                      throw new Error('表名已存在，或是系统保留的名称，请换一个表名');
                  },
                },
              ]}
            >
              <Input placeholder="请输入表名" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="tableTxt" label="表描述" rules={[{ required: true, message: '请输入表描述!' }]}>
              <Input placeholder="请输入表描述" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="tableType" label="表类型">
              <Select options={TABLE_TYPES.map((t) => ({ ...t }))} />
            </Form.Item>
          </Col>
          {Number(tableType) === 3 && (
            <>
              <Col xs={24} sm={8}>
                <Form.Item name="relationType" label="映射关系">
                  <Radio.Group
                    options={[
                      { value: 0, label: '一对多' },
                      { value: 1, label: '一对一' },
                    ]}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} sm={8}>
                <Form.Item name="tabOrderNum" label="序号">
                  <InputNumber min={1} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </>
          )}
          {Number(tableType) === 1 && (
            <Col xs={24} sm={8}>
              <Form.Item name="isTree" label="是否树">
                <Radio.Group options={YN} />
              </Form.Item>
            </Col>
          )}
          {Number(tableType) === 1 && isTree === 'Y' && (
            <>
              {fieldSelect('treeParentIdField', '树表单父ID')}
              {fieldSelect('treeIdField', '是否有子节点字段')}
              {fieldSelect('treeFieldname', '树开表单列')}
            </>
          )}
          <Col xs={24} sm={8}>
            <Form.Item name="isPage" label="是否分页">
              <Radio.Group options={YN} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="isCheckbox" label="显示复选框">
              <Radio.Group options={YN} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="queryMode" label="查询模式">
              <Select
                options={[
                  { value: 'single', label: '单条件查询' },
                  { value: 'group', label: '组合查询' },
                ]}
              />
            </Form.Item>
          </Col>
          {Number(tableType) === 2 && (
            <Col xs={24} sm={8}>
              <Form.Item name="themeTemplate" label="主题模板">
                <Select options={THEMES.map((t) => ({ ...t }))} />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} sm={8}>
            <Form.Item name="formTemplate" label="表单风格">
              <Select
                options={[
                  { value: '1', label: '一列' },
                  { value: '2', label: '两列' },
                  { value: '3', label: '三列' },
                  { value: '4', label: '四列' },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {errors.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 8 }}
          data-testid="cgform-designer-errors"
          title={errors.length === 1 ? errors[0] : `${errors.length} 个问题`}
          description={
            errors.length > 1 ? (
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {errors.slice(0, 8).map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            ) : undefined
          }
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={switchTab}
        items={(Object.keys(TAB_TITLES) as DesignerTab[]).map((k) => ({ key: k, label: TAB_TITLES[k] }))}
      />
      <div ref={gridBox} className="kit-modal-grow" data-testid="cgform-designer-grid">
        {!loading && table}
      </div>
    </DesignerModal>
  );
}
