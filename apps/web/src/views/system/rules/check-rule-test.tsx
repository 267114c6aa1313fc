import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import type { SysCheckRule } from '../../../api/rules';
import { validateCheckRule } from '../../../utils/check-rule';

/** 功能测试: type a value, the server checks it with the rule (checkByCode). */
export function CheckRuleTest({ rule, onClose }: { rule: SysCheckRule | null; onClose: () => void }) {
  const [value, setValue] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [testing, setTesting] = useState(false);

  // a new rule under test starts empty
  const [shown, setShown] = useState(rule);
  if (shown !== rule) {
    setShown(rule);
    setValue('');
    setResult(null);
  }

  const run = async () => {
    if (!rule) return;
    if (value.trim() === '') {
      setResult({ ok: false, text: '请输入需要测试的值' });
      return;
    }
    setTesting(true);
    try {
      await validateCheckRule(rule.ruleCode, value);
      setResult({ ok: true, text: '校验通过' });
    } catch (e) {
      setResult({ ok: false, text: (e as Error).message });
    } finally {
      setTesting(false);
    }
  };

  return (
    <Modal
      title={rule ? `功能测试 — ${rule.ruleName ?? rule.ruleCode}` : '功能测试'}
      open={!!rule}
      width={640}
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
      destroyOnHidden
    >
      <Space.Compact style={{ width: '100%' }}>
        <Input
          placeholder="请输入需要测试的值"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setResult(null);
          }}
          onPressEnter={() => void run()}
          data-testid="check-rule-test-input"
        />
        <Button type="primary" loading={testing} onClick={() => void run()}>
          测试
        </Button>
      </Space.Compact>
      {result && (
        <Alert
          style={{ marginTop: 16 }}
          type={result.ok ? 'success' : 'error'}
          showIcon
          title={result.text}
          data-testid="check-rule-test-result"
        />
      )}
      {rule?.ruleDescription && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
          {rule.ruleDescription}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
