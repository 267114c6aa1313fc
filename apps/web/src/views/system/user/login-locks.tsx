import { Button, Popconfirm, Tag, Tooltip } from 'antd';
import { useEffect, useSyncExternalStore } from 'react';
import { loginLocks, unlockLogin } from '../../../api/user';
import { useCan } from '../../../permission/useCan';
import { feedback } from '../../../utils/feedback';

/**
 * 用户管理's view of sign-in pauses (issue 29, ADR 060): the rows on screen are asked for once per page load, a paused
 * user shows 已锁定 in the 状态 column with 解除锁定 beside it for those who may unfreeze.
 */
let locks: ReadonlyMap<string, number> = new Map();
const listeners = new Set<() => void>();
const setLocks = (next: ReadonlyMap<string, number>) => {
  locks = next;
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** asks the server which of the shown users are paused; renders nothing */
export function LoginLockLoader({ ids }: { ids: string[] }) {
  const key = ids.join(',');
  useEffect(() => {
    if (!key) return setLocks(new Map());
    let live = true;
    loginLocks(key.split(','))
      .then((res) => {
        if (live && res.success && Array.isArray(res.result))
          setLocks(new Map(res.result.map((l) => [l.id, Date.now() + l.seconds * 1000])));
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [key]);
  return null;
}

/** 已锁定 (minutes left) and 解除锁定 for a paused user; nothing otherwise */
export function LoginLockState({ id, username }: { id: string; username: string }) {
  const until = useSyncExternalStore(subscribe, () => locks.get(id));
  const can = useCan();
  if (!until || until <= Date.now()) return null;
  const minutes = Math.max(1, Math.ceil((until - Date.now()) / 60_000));
  const lift = async () => {
    try {
      const res = await unlockLogin(id);
      if (!res.success) return void feedback.message.warning(res.message);
      feedback.message.success(res.message || '已解除登录锁定');
      const next = new Map(locks);
      next.delete(id);
      setLocks(next);
    } catch {
      // shown by the http client
    }
  };
  return (
    <span className="user-login-lock">
      <Tooltip title={`连续输错密码，登录已暂停，约 ${minutes} 分钟后自动恢复`}>
        <Tag color="red">已锁定</Tag>
      </Tooltip>
      {can('user:frozen') === 'allow' && (
        <Popconfirm title={`解除 ${username} 的登录锁定？该用户将收到系统消息。`} onConfirm={lift}>
          <Button type="link" size="small" className="user-login-unlock">
            解除锁定
          </Button>
        </Popconfirm>
      )}
    </span>
  );
}
