import { ApartmentOutlined, TeamOutlined } from '@ant-design/icons';
import { Avatar, Button, Form, Modal, Select, Tooltip } from 'antd';
import { useState } from 'react';
import { selectDepart } from '../../api/auth';
import { useSession } from '../../stores/session';
import { useFeedback } from '../../utils/feedback';
import { type LoginSelection, loginFailureText, selectionTitle } from './login-flow';

interface Props {
  selection: LoginSelection;
  username: string;
  onDone(): void;
  /** the session was ended because the department could not be set */
  onAbort(): void;
}

/**
 * Tenant / department choice after a login with several of either (multi_depart 2 or several tenants).
 * Confirming without a choice marks the select as an error; the department goes to PUT /sys/selectDepart.
 */
export function LoginSelectTenant({ selection, username, onDone, onAbort }: Props) {
  const { notification } = useFeedback();
  const [tenantId, setTenantId] = useState<number | string | undefined>();
  const [orgCode, setOrgCode] = useState<string | undefined>();
  const [tenantError, setTenantError] = useState(false);
  const [departError, setDepartError] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    const missTenant = Boolean(selection.tenants) && tenantId === undefined;
    const missDepart = Boolean(selection.departs) && !orgCode;
    setTenantError(missTenant);
    setDepartError(missDepart);
    if (missTenant || missDepart) return;
    setBusy(true);
    try {
      if (selection.departs && orgCode) {
        const res = await selectDepart(orgCode, username);
        if (!res.success) throw res;
        if (res.result?.userInfo) useSession.getState().setUserInfo(res.result.userInfo);
      }
      useSession.getState().setTenantId(selection.tenants ? (tenantId ?? null) : selection.tenantId);
      onDone();
    } catch (err) {
      notification.error({ message: '登录失败', description: loginFailureText(err), duration: 4 });
      await useSession.getState().logout();
      onAbort();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={selectionTitle(selection)}
      width={450}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Button type="primary" loading={busy} onClick={confirm}>
          确认
        </Button>
      }
    >
      <Form layout="vertical" requiredMark={false}>
        {selection.tenants && (
          <Form.Item
            validateStatus={tenantError ? 'error' : undefined}
            help={tenantError ? '请选择登录租户' : undefined}
          >
            <div style={{ display: 'flex', gap: 10, alignItems: 'center' }}>
              <Tooltip title="您有多个租户，请选择登录租户">
                <Avatar style={{ backgroundColor: '#87d068', flex: 'none' }} icon={<TeamOutlined />} />
              </Tooltip>
              <Select
                aria-label="登录租户"
                style={{ flex: 1 }}
                placeholder="请选择登录租户"
                status={tenantError ? 'error' : undefined}
                value={tenantId}
                onChange={(v) => {
                  setTenantId(v);
                  setTenantError(false);
                }}
                options={selection.tenants.map((t) => ({ value: t.id, label: t.name }))}
              />
            </div>
          </Form.Item>
        )}
        {selection.departs && (
          <Form.Item
            validateStatus={departError ? 'error' : undefined}
            help={departError ? '请选择登录部门' : undefined}
          >
            <div style={{ display: 'flex', gap: 10, alignItems: 'center' }}>
              <Tooltip title="您有多个部门，请选择登录部门">
                <Avatar style={{ backgroundColor: 'rgb(104, 208, 203)', flex: 'none' }} icon={<ApartmentOutlined />} />
              </Tooltip>
              <Select
                aria-label="登录部门"
                style={{ flex: 1 }}
                placeholder="请选择登录部门"
                status={departError ? 'error' : undefined}
                value={orgCode}
                onChange={(v) => {
                  setOrgCode(v);
                  setDepartError(false);
                }}
                options={selection.departs.map((d) => ({ value: d.orgCode, label: d.departName }))}
              />
            </div>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
