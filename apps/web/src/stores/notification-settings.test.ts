import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_SWITCHES,
  NOTIFICATION_SETTINGS_KEY,
  switchesOf,
  useNotificationSettings,
} from './notification-settings';

describe('notification settings (新消息通知)', () => {
  beforeEach(() => {
    localStorage.clear();
    useNotificationSettings.setState({ saved: {} });
  });

  it.each([
    ['nothing stored', null, DEFAULT_SWITCHES],
    ['garbage', 'x', DEFAULT_SWITCHES],
    ['another user only', { bob: { system: false } }, DEFAULT_SWITCHES],
    ['one switch off', { admin: { system: false } }, { account: true, system: false, todo: true }],
    [
      'non-boolean values ignored',
      { admin: { todo: 'no', account: false } },
      { account: false, system: true, todo: true },
    ],
  ])('%s', (_case, saved, expected) => {
    expect(switchesOf(saved, 'admin')).toEqual(expected);
  });

  it('stores each user’s switches under the explicit key', () => {
    useNotificationSettings.getState().set('admin', 'todo', false);
    useNotificationSettings.getState().set('bob', 'account', false);
    const stored = JSON.parse(localStorage.getItem(NOTIFICATION_SETTINGS_KEY) ?? '{}');
    expect(switchesOf(stored, 'admin')).toEqual({ account: true, system: true, todo: false });
    expect(switchesOf(stored, 'bob')).toEqual({ account: false, system: true, todo: true });
  });
});
