import type { Result } from '@answer/contract';
import { Alert, Button, Checkbox, Drawer, Empty, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import type { DataRuleAnswer } from '../../api/depart';
import { http } from '../../api/http';
import { runCall } from '../kit';

export interface DataRuleTarget {
  /** permission row name (drawer title) */
  title: string;
  /** GET url answering {datarule, drChecked} */
  loadUrl: string;
  /** POST url and body (dataRuleIds is added) */
  saveUrl: string;
  saveBody: Record<string, string>;
}

/**
 * The data rules of one permission and the ones a grant applies (部门 / 部门角色 / 角色 数据规则 drawers): loaded when
 * `key` changes (null: nothing to load; keep `load` with the key). A refused load leaves `notice` (the server's
 * message or 未找到权限配置信息), a failed one `failNotice` when given. `save(call, okText)` reports the server's
 * message and resolves to whether it succeeded.
 */
export function useDataRules<R extends { id: string }>(
  key: unknown,
  load: () => Promise<Result<{ datarule: R[]; drChecked?: string }>>,
  failNotice?: string,
) {
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [rules, setRules] = useState<R[]>([]);
  const [checked, setChecked] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` belongs to `key`
  useEffect(() => {
    if (key === null) return;
    let live = true;
    setLoading(true);
    setRules([]);
    setChecked([]);
    setNotice(null);
    load()
      .then((res) => {
        if (!live) return;
        if (res.success && res.result) {
          setRules(res.result.datarule ?? []);
          setChecked((res.result.drChecked ?? '').split(',').filter(Boolean));
        } else setNotice(res.message || '未找到权限配置信息');
      })
      .catch(() => live && failNotice && setNotice(failNotice))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [key]);

  const save = async (call: () => Promise<Result<unknown>>, okText?: string) => {
    setSaving(true);
    const ok = await runCall(call, undefined, okText);
    setSaving(false);
    return ok;
  };

  return { loading, saving, rules, checked, setChecked, notice, save };
}

/** 数据规则 drawer: the rules of a permission and the ones this grant applies (JeecgBoot DepartDataruleDrawer). */
export function DataRuleDrawer({ target, onClose }: { target: DataRuleTarget | null; onClose: () => void }) {
  const { loading, saving, rules, checked, setChecked, notice, save } = useDataRules(
    target,
    () => http.get<DataRuleAnswer>(target?.loadUrl ?? '', undefined, { silent: true }),
    '加载数据规则失败',
  );
  const submit = async () => {
    if (!target) return;
    const body = { ...target.saveBody, dataRuleIds: checked.join(',') };
    if (await save(() => http.post<null>(target.saveUrl, body))) onClose();
  };

  return (
    <Drawer
      title={target ? `数据规则 / ${target.title}` : '数据规则'}
      open={!!target}
      onClose={onClose}
      size={365}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} disabled={!rules.length} onClick={() => void submit()}>
            保存
          </Button>
        </Space>
      }
    >
      <Spin spinning={loading}>
        {notice && <Alert type="info" showIcon title={notice} style={{ marginBottom: 12 }} />}
        {rules.length ? (
          <Checkbox.Group value={checked} onChange={(v) => setChecked(v.map(String))} style={{ width: '100%' }}>
            <Space orientation="vertical">
              {rules.map((r) => (
                <Checkbox key={r.id} value={r.id}>
                  {r.ruleName}
                  <span style={{ color: '#999', marginLeft: 6 }}>
                    {r.ruleColumn} {r.ruleConditions} {r.ruleValue}
                  </span>
                </Checkbox>
              ))}
            </Space>
          </Checkbox.Group>
        ) : (
          !loading && !notice && <Empty />
        )}
      </Spin>
    </Drawer>
  );
}
