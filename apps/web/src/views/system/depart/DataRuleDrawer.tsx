import { Alert, Button, Checkbox, Drawer, Empty, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import type { DataRuleAnswer } from '../../../api/depart';
import { http } from '../../../api/http';
import { runCall } from '../../../components/kit';

export interface DataRuleTarget {
  /** permission row name (drawer title) */
  title: string;
  /** GET url answering {datarule, drChecked} */
  loadUrl: string;
  /** POST url and body (dataRuleIds is added) */
  saveUrl: string;
  saveBody: Record<string, string>;
}

/** 数据规则 drawer: the rules of a permission and the ones this grant applies (JeecgBoot DepartDataruleDrawer). */
export function DataRuleDrawer({ target, onClose }: { target: DataRuleTarget | null; onClose: () => void }) {
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [rules, setRules] = useState<DataRuleAnswer['datarule']>([]);
  const [checked, setChecked] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (!target) return;
    let live = true;
    setLoading(true);
    setRules([]);
    setChecked([]);
    setNotice(null);
    http
      .get<DataRuleAnswer>(target.loadUrl, undefined, { silent: true })
      .then((res) => {
        if (!live) return;
        if (res.success && res.result) {
          setRules(res.result.datarule ?? []);
          setChecked((res.result.drChecked ?? '').split(',').filter(Boolean));
        } else setNotice(res.message || '未找到权限配置信息');
      })
      .catch(() => live && setNotice('加载数据规则失败'))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [target]);

  const save = async () => {
    if (!target) return;
    setSaving(true);
    const call = () => http.post<null>(target.saveUrl, { ...target.saveBody, dataRuleIds: checked.join(',') });
    if (await runCall(call)) onClose();
    setSaving(false);
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
          <Button type="primary" loading={saving} disabled={!rules.length} onClick={() => void save()}>
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
