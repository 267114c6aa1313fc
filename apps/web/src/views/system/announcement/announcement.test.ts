import { describe, expect, it } from 'vitest';
import type { SysAnnouncement } from '../../../api/announcement';
import { announcementPage, pickerIds } from './announcement.data';
import { isInternalRoute, isViewPath } from './open-page';

const editor = announcementPage.editor ?? {};
const draft = { id: 'a1', titile: '旧', userIds: 'u1,u2,', msgType: 'USER', sendStatus: '0' } as SysAnnouncement;

describe('系统通告 save body', () => {
  it('sends the chosen users with JeecgBoot trailing comma, links only for the chosen open type', () => {
    const body = editor.toSave?.(
      {
        titile: '  安全测试  ',
        msgCategory: '1',
        priority: 'H',
        msgType: 'USER',
        userIds: 'u1,u2',
        openType: 'url',
        openPage: ' /isps/userAnnouncement ',
        busId: 'left over',
        msgAbstract: '  ',
      },
      { record: draft, mode: 'edit', fixed: {} },
    );
    expect(body).toEqual({
      id: 'a1',
      titile: '安全测试',
      msgCategory: '1',
      priority: 'H',
      msgType: 'USER',
      userIds: 'u1,u2,',
      startTime: null,
      endTime: null,
      openType: 'url',
      openPage: '/isps/userAnnouncement',
      busId: null,
      msgAbstract: null,
      msgContent: '',
    });
  });

  it('to all users: no user ids, no link, no id when adding', () => {
    const body = editor.toSave?.(
      { titile: '通告', msgType: 'ALL', userIds: 'u1', openPage: '/x', msgContent: '<p>x</p>' },
      { record: null, mode: 'add', fixed: {} },
    );
    expect(body).toMatchObject({ userIds: null, openType: null, openPage: null, msgContent: '<p>x</p>' });
    expect(body).not.toHaveProperty('id');
  });

  it('opens a record with the picker ids and the defaults for empty fields', () => {
    const values = editor.toForm?.(
      { ...draft, priority: null, msgCategory: null },
      {
        record: draft,
        mode: 'edit',
        fixed: {},
      },
    );
    expect(values).toMatchObject({
      userIds: 'u1,u2',
      priority: 'L',
      msgCategory: '1',
      msgType: 'USER',
      msgContent: '',
    });
    expect(pickerIds(' a , ,b,')).toBe('a,b');
  });

  it('accepts internal routes and page components only', () => {
    expect(isInternalRoute('/isps/userAnnouncement')).toBe(true);
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil', 'javascript:alert(1)', '/javascript:x'])
      expect(isInternalRoute(bad)).toBe(false);
    expect(isViewPath('modules/message/SysMessageList')).toBe(true);
    expect(isViewPath('../etc/passwd')).toBe(false);
  });
});
