import { CloseCircleOutlined, DeleteOutlined, FilterOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Empty, Input, Modal, Row, Select, Space, Tooltip } from 'antd';
import { cloneElement, type ReactElement, useCallback, useEffect, useMemo, useState } from 'react';
import { deleteSavedQuery, listSavedQueries, type SavedSuperQuery, saveSavedQuery } from '../../api/super-query';
import { feedback } from '../../utils/feedback';
import type { SuperQueryProps } from '../kit/CrudPage';
import { renderWidget } from '../kit/widgets';
import {
  blankCondition,
  type Condition,
  changeField,
  changeRule,
  fieldsOfPage,
  fromRecord,
  isEmptyCondition,
  MATCH_TYPES,
  type MatchType,
  planSave,
  RULE_LABELS,
  readLocal,
  rulesFor,
  SUPER_QUERY_MESSAGES,
  type SuperField,
  searchParams,
  upsertSaved,
  widgetFor,
  withFieldsOf,
  writeLocal,
} from './logic';

const MAX_ROWS = 20;

/** the value input of one condition: the kit's widget for the field type and rule */
function ValueInput({
  c,
  field,
  onChange,
}: {
  c: Condition;
  field?: SuperField;
  onChange: (v: Condition['val']) => void;
}) {
  if (!field) return <Input disabled placeholder="请先选择字段" />;
  const widget = widgetFor(c);
  const props: Record<string, unknown> = { style: { width: '100%' } };
  if (c.dictCode) props[widget === 'dict-search' ? 'dict' : 'dictCode'] = c.dictCode;
  if (widget === 'popup' && c.popup) {
    // only the report column that fills this field; a pick sets nothing else
    const dest = c.popup.destFields.split(',').map((s) => s.trim());
    const org = c.popup.orgFields.split(',').map((s) => s.trim());
    const at = dest.indexOf(c.field ?? '');
    Object.assign(props, {
      code: c.popup.code,
      field: c.field,
      orgFields: org[at < 0 ? 0 : at] ?? '',
      destFields: c.field,
      multi: c.rule === 'in',
    });
  }
  if (c.options) props.options = c.options;
  if (widget === 'user' || widget === 'depart') props.multiple = c.rule === 'in';
  if (c.customReturnField) props.customReturnField = c.customReturnField;
  if (widget === 'input' && c.rule === 'in') props.placeholder = '多个值用英文逗号分隔';
  const el = renderWidget({ widget, label: field.label, props }) as ReactElement<Record<string, unknown>>;
  return cloneElement(el, {
    value: c.val,
    onChange: (v: unknown) => {
      const x = v && typeof v === 'object' && 'target' in v ? (v as { target: { value: string } }).target.value : v;
      onChange(x as Condition['val']);
    },
  });
}

/**
 * 高级查询: a button in the page toolbar that opens the condition builder (match type, up to 20 rows of field / rule /
 * value), runs it through the list (`superQueryParams`), and keeps named queries per user and page — on the server
 * and in a local copy (used when the server cannot be reached).
 */
export default function SuperQuery({ schema, onSearch, loadFields }: SuperQueryProps) {
  // the page's own route (browser router), taken once: a kept-alive tab stays mounted while another route shows
  const [pageKey] = useState(() => globalThis.location?.pathname || `/${schema.name}`);
  const declared = useMemo(() => fieldsOfPage(schema), [schema]);
  // the fuller list a page loads when the builder first opens (e.g. an online form's dictionary / popup config)
  const [loaded, setLoaded] = useState<{ from: SuperQueryProps['loadFields']; fields: SuperField[] } | null>(null);
  const fields = loaded && loaded.from === loadFields ? loaded.fields : declared;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(false);
  const [matchType, setMatchType] = useState<MatchType>('and');
  const [rows, setRows] = useState<Condition[]>(() => [blankCondition()]);
  const [saved, setSaved] = useState<SavedSuperQuery[]>(() => readLocal(pageKey));
  const [naming, setNaming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const res = await listSavedQueries(pageKey);
      if (res.success && Array.isArray(res.result)) {
        setSaved(res.result);
        writeLocal(pageKey, res.result);
        return;
      }
    } catch {
      /* offline: the local copy */
    }
    setSaved(readLocal(pageKey));
  }, [pageKey]);

  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  const fieldsLoaded = loaded?.from === loadFields;
  useEffect(() => {
    if (!open || !loadFields || fieldsLoaded) return;
    let alive = true;
    loadFields().then(
      (list) => {
        if (!alive) return;
        const next = fieldsOfPage({ columns: [], superQuery: list });
        setLoaded({ from: loadFields, fields: next });
        setRows((rs) => withFieldsOf(rs, next));
      },
      () => undefined, // the declared list stays
    );
    return () => {
      alive = false;
    };
  }, [open, loadFields, fieldsLoaded]);

  const fieldOf = (name?: string) => fields.find((f) => f.field === name);
  const patch = (key: string, next: Condition) => setRows((rs) => rs.map((r) => (r.key === key ? next : r)));

  const run = (conds: Condition[], mt: MatchType) => {
    const r = searchParams(conds);
    if ('error' in r) {
      feedback.message.warning(r.error);
      return false;
    }
    onSearch({ params: r.params, matchType: mt });
    setActive(true);
    setOpen(false);
    return true;
  };

  const reset = () => {
    setRows([blankCondition()]);
    setMatchType('and');
    setActive(false);
    onSearch(null);
  };

  const persist = async (q: SavedSuperQuery, overwrite: boolean) => {
    setBusy(true);
    try {
      const res = await saveSavedQuery(pageKey, q, overwrite);
      if (!res.success) {
        feedback.message.warning(res.message);
        return;
      }
      const next = upsertSaved(saved, res.result ?? q);
      setSaved(next);
      writeLocal(pageKey, next);
      setNaming(null);
      feedback.message.success('保存成功');
    } catch (e) {
      feedback.message.warning(e instanceof Error ? e.message : '保存失败');
    } finally {
      setBusy(false);
    }
  };

  const submitName = () => {
    const plan = planSave(saved, naming ?? '', matchType, rows);
    if ('error' in plan) {
      feedback.message.warning(plan.error);
      return;
    }
    if ('confirm' in plan) {
      feedback.modal.confirm({
        title: '提示',
        content: plan.confirm,
        okText: '确定',
        cancelText: '取消',
        onOk: () => persist(plan.query, true),
      });
      return;
    }
    void persist(plan.query, false);
  };

  const remove = (q: SavedSuperQuery) => {
    feedback.modal.confirm({
      title: '提示',
      content: SUPER_QUERY_MESSAGES.deleteConfirm,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        if (q.id) {
          try {
            const res = await deleteSavedQuery(q.id);
            if (!res.success) {
              feedback.message.warning(res.message);
              return;
            }
          } catch (e) {
            feedback.message.warning(e instanceof Error ? e.message : '删除失败');
            return;
          }
        }
        const next = saved.filter((s) => s !== q);
        setSaved(next);
        writeLocal(pageKey, next);
        feedback.message.success('删除成功');
      },
    });
  };

  const pick = (q: SavedSuperQuery) => {
    const conds = q.records.map((r) => fromRecord(r, fields));
    const mt = q.matchType === 'or' ? 'or' : 'and';
    setRows(conds.length ? conds : [blankCondition()]);
    setMatchType(mt);
    run(conds, mt);
  };

  return (
    <>
      {active ? (
        <Space.Compact>
          <Button
            icon={<FilterOutlined />}
            type="primary"
            ghost
            onClick={() => setOpen(true)}
            data-testid="super-query-button"
          >
            已有高级查询条件生效
          </Button>
          <Tooltip title="清空高级查询">
            <Button
              icon={<CloseCircleOutlined />}
              onClick={reset}
              aria-label="清空高级查询"
              data-testid="super-query-clear"
            />
          </Tooltip>
        </Space.Compact>
      ) : (
        <Button icon={<FilterOutlined />} onClick={() => setOpen(true)} data-testid="super-query-button">
          高级查询
        </Button>
      )}
      <Modal
        title="高级查询构造器"
        open={open}
        width={1000}
        onCancel={() => setOpen(false)}
        destroyOnHidden={false}
        footer={[
          <Button key="reset" onClick={reset}>
            重置
          </Button>,
          <Button
            key="save"
            onClick={() =>
              rows.every(isEmptyCondition) ? feedback.message.warning(SUPER_QUERY_MESSAGES.emptySave) : setNaming('')
            }
          >
            保存查询
          </Button>,
          <Button key="close" onClick={() => setOpen(false)}>
            关闭
          </Button>,
          <Button key="search" type="primary" onClick={() => run(rows, matchType)}>
            查询
          </Button>,
        ]}
      >
        <Row gutter={16} data-testid="super-query-panel">
          <Col span={18}>
            <Space style={{ marginBottom: 12 }}>
              <span>过滤条件匹配：</span>
              <Select
                aria-label="过滤条件匹配"
                style={{ width: 260 }}
                value={matchType}
                onChange={(v) => setMatchType(v)}
                options={MATCH_TYPES.map((m) => ({ value: m.value, label: m.label }))}
              />
            </Space>
            <div style={{ maxHeight: 'calc(80vh - 220px)', overflowY: 'auto', overflowX: 'hidden' }}>
              {rows.map((c, i) => (
                <Row key={c.key} gutter={8} style={{ marginBottom: 8 }} wrap={false} data-testid="super-query-row">
                  <Col flex="180px">
                    <Select
                      aria-label={`字段${i + 1}`}
                      style={{ width: '100%' }}
                      showSearch={{ optionFilterProp: 'label' }}
                      placeholder="选择查询字段"
                      value={c.field}
                      onChange={(v: string) => patch(c.key, changeField(c, fieldOf(v)))}
                      options={fields.map((f) => ({ value: f.field, label: f.label }))}
                    />
                  </Col>
                  <Col flex="130px">
                    <Select
                      aria-label={`规则${i + 1}`}
                      style={{ width: '100%' }}
                      value={c.rule}
                      onChange={(v) => patch(c.key, changeRule(c, v))}
                      options={rulesFor(c.type).map((r) => ({ value: r, label: RULE_LABELS[r] }))}
                    />
                  </Col>
                  <Col flex="auto" style={{ minWidth: 0 }} data-testid="super-query-value">
                    <ValueInput c={c} field={fieldOf(c.field)} onChange={(val) => patch(c.key, { ...c, val })} />
                  </Col>
                  <Col flex="72px">
                    <Space.Compact>
                      <Button
                        icon={<PlusOutlined />}
                        aria-label="增加条件"
                        disabled={rows.length >= MAX_ROWS}
                        onClick={() =>
                          setRows((rs) => {
                            const at = rs.findIndex((r) => r.key === c.key);
                            return [...rs.slice(0, at + 1), blankCondition(), ...rs.slice(at + 1)];
                          })
                        }
                      />
                      <Button
                        icon={<MinusOutlined />}
                        aria-label="删除条件"
                        onClick={() =>
                          setRows((rs) => (rs.length > 1 ? rs.filter((r) => r.key !== c.key) : [blankCondition()]))
                        }
                      />
                    </Space.Compact>
                  </Col>
                </Row>
              ))}
            </div>
          </Col>
          <Col span={6}>
            <div className="super-query-saved" style={{ borderLeft: '1px solid rgba(5,5,5,0.06)', paddingLeft: 12 }}>
              <div style={{ fontWeight: 500, marginBottom: 8 }}>保存的查询</div>
              {saved.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无保存的查询" />
              ) : (
                <ul
                  style={{
                    listStyle: 'none',
                    margin: 0,
                    padding: 0,
                    maxHeight: 'calc(80vh - 220px)',
                    overflowY: 'auto',
                  }}
                >
                  {saved.map((q) => (
                    <li
                      key={q.id ?? q.title}
                      data-testid="super-query-saved-item"
                      style={{ display: 'flex', alignItems: 'center', gap: 4, padding: '2px 0' }}
                    >
                      <Button
                        type="link"
                        size="small"
                        style={{ flex: 1, minWidth: 0, textAlign: 'left' }}
                        onClick={() => pick(q)}
                      >
                        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{q.title}</span>
                      </Button>
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`删除查询 ${q.title}`}
                        onClick={() => remove(q)}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </Col>
        </Row>
      </Modal>
      <Modal
        title="请输入保存的名称"
        open={naming !== null}
        width={400}
        confirmLoading={busy}
        okText="确定"
        cancelText="取消"
        onOk={submitName}
        onCancel={() => setNaming(null)}
      >
        <Input
          aria-label="保存名称"
          placeholder="请输入保存的名称"
          maxLength={50}
          value={naming ?? ''}
          onChange={(e) => setNaming(e.target.value)}
          onPressEnter={submitName}
        />
      </Modal>
    </>
  );
}
