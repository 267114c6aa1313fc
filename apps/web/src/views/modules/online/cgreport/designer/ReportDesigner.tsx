import { Button, Col, Form, Input, Row, Select, Space, Tabs } from 'antd';
import { useEffect, useRef, useState } from 'react';
import {
  type CgreportHead,
  dataSourceOptions,
  listItems,
  listParams,
  parseSql,
  saveReport,
} from '../../../../../api/cgreport';
import { JCodeEditor } from '../../../../../components/JCodeEditor';
import { JVxeTable, type JVxeTableApi } from '../../../../../components/jvxe';
import { DESIGNER_ROW_HEIGHT, DesignerModal, useFillHeight } from '../../../../../components/online/DesignerModal';
import { feedback } from '../../../../../utils/feedback';
import { buildSave, ITEM_COLUMNS, mergeParsed, PARAM_COLUMNS } from './designer-logic';

type Rec = Record<string, unknown>;
type Tab = 'items' | 'params';

/**
 * The report designer (Online报表配置 新增 / 编辑): 编码, 名称, 数据源 (多数据源管理; empty = this database), the SQL in
 * the code editor with 解析SQL filling the columns and parameters, the columns grid (字段名, 文本, 宽度, 类型, 是否显示,
 * 是否查询 + 查询模式, 排序, 字典, 合计, 分组标题, 链接) and the parameters grid. The server checks the SQL on 解析SQL and
 * on save and answers why it refuses one.
 */
export function ReportDesigner({
  open,
  head,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** null = 新增 */
  head: CgreportHead | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Partial<CgreportHead>>();
  const [tab, setTab] = useState<Tab>('items');
  const [loading, setLoading] = useState(false);
  const [parsing, setParsing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [sources, setSources] = useState<{ value: string; label: string }[]>([]);
  const [, setVersion] = useState(0);
  const itemsRef = useRef<Rec[]>([]);
  const paramsRef = useRef<Rec[]>([]);
  const api = useRef<JVxeTableApi>(null);
  /** the space the grid may take: what the dialog's body leaves below the head form and the tabs (issue 29) */
  const gridBox = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    setTab('items');
    form.resetFields();
    itemsRef.current = [];
    paramsRef.current = [];
    setVersion((v) => v + 1);
    void dataSourceOptions()
      .then((r) => setSources(r.success && Array.isArray(r.result) ? r.result : []))
      .catch(() => setSources([]));
    if (!head) return;
    form.setFieldsValue(head);
    let live = true;
    setLoading(true);
    void Promise.all([listItems(head.id), listParams(head.id)])
      .then(([i, p]) => {
        if (!live) return;
        itemsRef.current = (i.result ?? []).map((r) => ({ ...r }));
        paramsRef.current = (p.result ?? []).map((r) => ({ ...r }));
        setVersion((v) => v + 1);
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [open, head, form]);

  /** the open grid's rows into the kept state */
  const collect = () => {
    const rows = api.current?.getTableData();
    if (!rows) return;
    const kept = rows.map((r) => ({ ...r }));
    if (tab === 'items') itemsRef.current = kept;
    else paramsRef.current = kept;
  };

  const parse = async () => {
    collect();
    const sql = String(form.getFieldValue('cgrSql') ?? '').trim();
    if (!sql) {
      feedback.message.warning('请输入SQL');
      return;
    }
    setParsing(true);
    try {
      const res = await parseSql(sql, form.getFieldValue('dbSource'));
      if (!res.success) {
        feedback.message.warning(res.message || '解析失败');
        return;
      }
      itemsRef.current = mergeParsed(itemsRef.current, res.result.fields as unknown as Rec[], 'fieldName');
      paramsRef.current = mergeParsed(paramsRef.current, res.result.params as unknown as Rec[], 'paramName');
      setVersion((v) => v + 1);
      feedback.message.success('解析成功');
    } catch {
      // shown by the http client
    } finally {
      setParsing(false);
    }
  };

  const save = async () => {
    let values: Partial<CgreportHead>;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const err = await api.current?.validateTable();
    if (err) {
      feedback.message.warning(err.message);
      return;
    }
    collect();
    if (!itemsRef.current.length) {
      feedback.message.warning('请先解析SQL，生成报表字段');
      return;
    }
    setSaving(true);
    try {
      const res = await saveReport(buildSave({ ...values, id: head?.id }, itemsRef.current, paramsRef.current));
      if (!res.success) {
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

  const gridHeight = useFillHeight(gridBox, !loading && open, tab);
  return (
    <DesignerModal
      isEdit={!!head}
      open={open}
      loading={loading}
      saving={saving}
      testId="cgreport-designer"
      fill
      onClose={onClose}
      onSave={() => void save()}
    >
      <Form form={form} name="cgreportHead" labelCol={{ span: 6 }} wrapperCol={{ span: 18 }}>
        <Row gutter={8}>
          <Col xs={24} sm={8}>
            <Form.Item
              name="code"
              label="编码"
              rules={[
                { required: true, message: '请输入报表编码!' },
                { pattern: /^[A-Za-z][A-Za-z0-9_-]*$/, message: '编码必须以字母开头，可包含数字、下划线、横杠' },
              ]}
            >
              <Input placeholder="请输入编码" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="name" label="名称" rules={[{ required: true, message: '请输入报表名称!' }]}>
              <Input placeholder="请输入名称" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="dbSource" label="数据源">
              <Select allowClear placeholder="当前数据库" options={sources} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              label="报表SQL"
              labelCol={{ xs: 24, sm: 2 }}
              wrapperCol={{ xs: 24, sm: 22 }}
              required
              extra="只能是一条 SELECT；参数写作 ${参数名}，按绑定参数传值"
            >
              <Space direction="vertical" style={{ width: '100%' }}>
                <Form.Item name="cgrSql" noStyle rules={[{ required: true, message: '请输入报表SQL!' }]}>
                  <JCodeEditor language="sql" height={140} fullScreen />
                </Form.Item>
                <Button type="primary" loading={parsing} onClick={() => void parse()} data-testid="cgreport-parse">
                  解析SQL
                </Button>
              </Space>
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          collect();
          setTab(k as Tab);
        }}
        items={[
          { key: 'items', label: '动态报表配置明细' },
          { key: 'params', label: '报表参数' },
        ]}
      />
      <div ref={gridBox} className="kit-modal-grow" data-testid="cgreport-designer-grid">
        <JVxeTable
          key={tab}
          ref={api}
          columns={tab === 'items' ? ITEM_COLUMNS : PARAM_COLUMNS}
          dataSource={tab === 'items' ? itemsRef.current : paramsRef.current}
          rowNumber
          rowSelection
          dragSort
          sortKey="orderNum"
          toolbar
          maxHeight={gridHeight}
          rowHeight={DESIGNER_ROW_HEIGHT}
        />
      </div>
    </DesignerModal>
  );
}
