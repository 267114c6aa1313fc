import { create } from 'zustand';

/**
 * 新消息通知 switches (account settings): a local preference of each user in this browser, under one explicit key.
 * The server has no setting for them yet; nothing but the page reads them.
 */
export const NOTIFICATION_SETTINGS_KEY = 'answer.notification-settings.v1';

export type NotificationKind = 'account' | 'system' | 'todo';

export const NOTIFICATION_KINDS: ReadonlyArray<{ key: NotificationKind; title: string; description: string }> = [
  { key: 'account', title: '账户密码', description: '其他用户的消息将以站内信的形式通知' },
  { key: 'system', title: '系统消息', description: '系统消息将以站内信的形式通知' },
  { key: 'todo', title: '待办任务', description: '待办任务将以站内信的形式通知' },
];

export type NotificationSwitches = Record<NotificationKind, boolean>;

/** every kind on until the user turns it off */
export const DEFAULT_SWITCHES: Readonly<NotificationSwitches> = { account: true, system: true, todo: true };

type Saved = Record<string, Partial<NotificationSwitches>>;

/** The switches of one user from a stored value of any shape (unknown entries ignored, missing ones on). */
export function switchesOf(saved: unknown, username: string): NotificationSwitches {
  const all = saved && typeof saved === 'object' ? (saved as Saved) : {};
  const mine = all[username] && typeof all[username] === 'object' ? all[username] : {};
  const out = { ...DEFAULT_SWITCHES };
  for (const { key } of NOTIFICATION_KINDS) if (typeof mine[key] === 'boolean') out[key] = mine[key];
  return out;
}

function read(): Saved {
  try {
    const raw = globalThis.localStorage?.getItem(NOTIFICATION_SETTINGS_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Saved) : {};
  } catch {
    return {};
  }
}

interface NotificationSettingsStore {
  saved: Saved;
  set: (username: string, kind: NotificationKind, on: boolean) => void;
}

export const useNotificationSettings = create<NotificationSettingsStore>((set, get) => ({
  saved: read(),
  set: (username, kind, on) => {
    const saved = { ...get().saved, [username]: { ...switchesOf(get().saved, username), [kind]: on } };
    set({ saved });
    try {
      globalThis.localStorage?.setItem(NOTIFICATION_SETTINGS_KEY, JSON.stringify(saved));
    } catch {
      // storage disabled: the switches last for this page only
    }
  },
}));
