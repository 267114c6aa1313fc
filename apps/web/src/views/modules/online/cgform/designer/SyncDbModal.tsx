import { Alert, Modal, Radio, Space } from 'antd';
import { useEffect, useState } from 'react';
import { type CgformHead, doDbSynch, type SyncMethod } from '../../../../../api/cgform-design';
import { feedback } from '../../../../../utils/feedback';
import { syncLosses } from './designer-logic';

/**
 * 同步数据库: 普通同步 (alter the table, data kept) or 强制同步 (drop and re-create). A destructive change is refused
 * by the server with what it would lose; the user confirms and it is sent again with `confirm`.
 */
export function SyncDbModal({
  head,
  onClose,
  onDone,
}: {
  head: CgformHead | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [method, setMethod] = useState<SyncMethod>('1');
  const [busy, setBusy] = useState(false);
  const [losses, setLosses] = useState<string[] | null>(null);

  useEffect(() => {
    if (head) {
      setMethod('1');
      setLosses(null);
    }
  }, [head]);

  const run = async (confirm: boolean) => {
    if (!head) return;
    setBusy(true);
    try {
      const res = await doDbSynch(head.id, method, confirm);
      if (res.success) {
        feedback.message.success(res.message || '同步数据库成功!');
        onDone();
        return;
      }
      const lost = confirm ? null : syncLosses(res.result);
      if (lost) setLosses(lost);
      else feedback.message.warning(res.message);
    } catch {
      // shown by the http client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title="同步数据库"
      open={!!head}
      width={520}
      onCancel={onClose}
      onOk={() => void run(!!losses)}
      okText={losses ? '确认同步' : '开始同步'}
      okButtonProps={{ danger: !!losses || method === '0', 'data-testid': 'cgform-sync-ok' } as never}
      cancelText="关闭"
      confirmLoading={busy}
      destroyOnHidden
      maskClosable={false}
    >
      <div data-testid="cgform-sync">
        <p>
          表 <b>{head?.tableName}</b>（{head?.tableTxt}）
        </p>
        <Radio.Group
          value={method}
          onChange={(e) => {
            setMethod(e.target.value);
            setLosses(null);
          }}
        >
          <Space orientation="vertical">
            <Radio value="1">普通同步（保留表中的数据，增删改字段）</Radio>
            <Radio value="0">强制同步（删除表后重新创建，数据全部丢失）</Radio>
          </Space>
        </Radio.Group>
        {method === '0' && !losses && (
          <Alert style={{ marginTop: 12 }} type="warning" showIcon title="强制同步会删除表中的全部数据" />
        )}
        {losses && (
          <Alert
            style={{ marginTop: 12 }}
            type="error"
            showIcon
            data-testid="cgform-sync-losses"
            title="本次同步会丢失数据，确认后继续"
            description={
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {losses.map((l) => (
                  <li key={l}>{l}</li>
                ))}
              </ul>
            }
          />
        )}
      </div>
    </Modal>
  );
}
