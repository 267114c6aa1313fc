import type { SysDepartInfo } from '@answer/contract';
import {
  ClusterOutlined,
  LockOutlined,
  LogoutOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  SyncOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { fetchAllDictItems, fetchCurrentUserDeparts, refreshServerDictCache } from '../api/header';
import { fileUrl } from '../api/http';
import { DepartSelectModal, MSG_NO_DEPART } from '../components/DepartSelectModal';
import { UserPasswordModal } from '../components/UserPasswordModal';
import { type DictMap, useDictStore } from '../stores/dict';
import { useSession } from '../stores/session';
import { useFeedback } from '../utils/feedback';
import { ACCOUNT_CENTER_PATH, ACCOUNT_SETTINGS_PATH } from './account-paths';

/** how long a failed logout's message stays before the page reloads */
const LOGOUT_ERROR_RELOAD_MS = 2000;

import { HELP_URL } from './product';

export const MSG_CACHE_OK = '刷新缓存完成！';
export const MSG_CACHE_FAIL = '刷新缓存失败！';

/** 清理缓存: server cache first (when permitted), then reload every dictionary into the local 7-day cache. */
export async function refreshDictCache(store: (items: DictMap) => void): Promise<boolean> {
  try {
    // the server's cache is flushed only for holders of 刷新缓存 (dict:refresh); everyone reloads their own copy
    await refreshServerDictCache().catch(() => null);
    const all = await fetchAllDictItems();
    if (!all.success) return false;
    store((all.result ?? {}) as DictMap);
    return true;
  } catch {
    return false;
  }
}

export interface UserMenuProps {
  isMobile: boolean;
  onOpenSettings: () => void;
}

/** Avatar dropdown of the header (spec §2.5): account pages, settings, password, department, cache, help, logout. */
export function UserMenu({ isMobile, onOpenSettings }: UserMenuProps) {
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const userInfo = useSession((s) => s.userInfo);
  const setUserInfo = useSession((s) => s.setUserInfo);
  const logout = useSession((s) => s.logout);
  const setAllDicts = useDictStore((s) => s.setAll);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [departs, setDeparts] = useState<{ list: SysDepartInfo[]; orgCode: string | null } | null>(null);

  const switchDepart = async () => {
    try {
      const res = await fetchCurrentUserDeparts();
      if (!res.success) {
        message.warning(res.message || '查询失败！');
        return;
      }
      const list = res.result?.list ?? [];
      if (!list.length) {
        message.warning(MSG_NO_DEPART);
        return;
      }
      setDeparts({ list, orgCode: res.result?.orgCode ?? null });
    } catch {
      // shown by the http client
    }
  };

  const clearCache = async () => {
    const ok = await refreshDictCache(setAllDicts);
    if (ok) message.success(MSG_CACHE_OK);
    else message.error(MSG_CACHE_FAIL);
  };

  const confirmLogout = () => {
    modal.confirm({
      title: '提示',
      content: '真的要注销登录吗 ?',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        let error: string | undefined;
        try {
          error = (await logout()).serverError;
        } catch (err) {
          error = err instanceof Error ? err.message : String(err);
        }
        // signed out locally either way; a failure is shown long enough to be read before the reload (spec 01 §5)
        if (error) {
          message.error(error);
          setTimeout(() => window.location.reload(), LOGOUT_ERROR_RELOAD_MS);
        } else {
          window.location.reload();
        }
      },
    });
  };

  const items: MenuProps['items'] = [
    { key: 'center', icon: <UserOutlined />, label: '个人中心' },
    { key: 'settings', icon: <SettingOutlined />, label: '账户设置' },
    { key: 'system', icon: <ToolOutlined />, label: '系统设置' },
    { key: 'password', icon: <LockOutlined />, label: '密码修改' },
    { key: 'depart', icon: <ClusterOutlined />, label: '切换部门' },
    { key: 'cache', icon: <SyncOutlined />, label: '清理缓存' },
    ...(isMobile ? [{ key: 'help', icon: <QuestionCircleOutlined />, label: '使用文档' }] : []),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    switch (key) {
      case 'center':
        navigate(ACCOUNT_CENTER_PATH);
        break;
      case 'settings':
        navigate(ACCOUNT_SETTINGS_PATH);
        break;
      case 'system':
        onOpenSettings();
        break;
      case 'password':
        setPasswordOpen(true);
        break;
      case 'depart':
        void switchDepart();
        break;
      case 'cache':
        void clearCache();
        break;
      case 'help':
        window.open(HELP_URL, '_blank', 'noopener,noreferrer');
        break;
      case 'logout':
        confirmLogout();
        break;
    }
  };

  const name = userInfo?.realname || userInfo?.username || '';
  return (
    <>
      <Dropdown menu={{ items, onClick }} placement="bottomRight" trigger={['click']}>
        <button type="button" className="answer-header-action answer-user" aria-label={`用户菜单 ${name}`}>
          <Avatar
            size="small"
            src={userInfo?.avatar ? fileUrl(userInfo.avatar) : undefined}
            icon={<UserOutlined />}
            alt={name}
          />
          {isMobile ? null : <span className="answer-user-name">{name}</span>}
        </button>
      </Dropdown>
      <UserPasswordModal open={passwordOpen} username={userInfo?.username} onClose={() => setPasswordOpen(false)} />
      <DepartSelectModal
        open={departs !== null}
        username={userInfo?.username}
        departs={departs?.list ?? []}
        current={departs?.orgCode}
        onClose={() => setDeparts(null)}
        onSwitched={(u) => setUserInfo(u)}
      />
    </>
  );
}
