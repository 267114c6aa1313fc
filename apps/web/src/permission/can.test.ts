import { describe, expect, it } from 'vitest';
import { type CanContext, can, colAuthFilter, hiddenCodes } from './can';

const ctx: CanContext = {
  auth: [
    { action: 'user:add', type: '1', describe: '添加用户' },
    { action: 'user:edit,user:delete', type: '1', describe: '编辑/删除' },
    { action: 'user:form:phone', type: '2', describe: '手机号可编辑' },
  ],
  allAuth: [
    { action: 'user:add', type: '1', status: '1' },
    { action: 'user:edit', type: '1', status: '1' },
    { action: 'user:delete', type: '1', status: '1' },
    { action: 'user:export', type: '1', status: '1' },
    { action: 'user:form:phone', type: '2', status: '1' },
    { action: 'user:form:email', type: '2', status: '1' },
    { action: 'user:import', type: '1', status: '0' },
    { action: 'user:form:birthday', type: '2', status: '0' },
    { action: 'user:col:realname', type: '1', status: '1' },
    { action: 'user:col:phone', type: '1', status: '1' },
  ],
};

describe('can (spec 01 §6)', () => {
  it.each([
    ['user:add', 'allow', 'granted to the user'],
    ['user:edit', 'allow', 'granted through a comma list entry'],
    ['user:delete', 'allow', 'granted through a comma list entry'],
    ['user:form:phone', 'allow', 'type 2 granted'],
    ['user:export', 'deny', 'show/hide strategy, not granted'],
    ['user:form:email', 'disabled', 'disable strategy, not granted'],
    ['user:import', 'deny', 'status 0 forbids'],
    ['user:form:birthday', 'deny', 'status 0 forbids'],
    ['no:such:code', 'deny', 'unknown'],
    ['user:export,user:add', 'allow', 'comma list: the most permissive part'],
    ['user:export,user:form:email', 'disabled', 'comma list: disabled beats deny'],
    [' user:add , ', 'allow', 'spaces and empty parts ignored'],
    ['', 'allow', 'no restriction'],
  ])('%j → %s (%s)', (action, decision) => {
    expect(can(action, ctx)).toBe(decision);
  });

  it('the form permission entries are checked first', () => {
    expect(can('user:export', { ...ctx, formPermissions: [{ action: 'user:export', type: '1' }] })).toBe('allow');
    expect(can('user:form:email', { ...ctx, formPermissions: [{ action: 'user:form:email', type: '2' }] })).toBe(
      'allow',
    );
  });

  it('with no permission data nothing is allowed', () => {
    expect(can('user:add', { auth: [], allAuth: [] })).toBe('deny');
  });

  it('hiddenCodes collects active type 1 codes under a prefix the user lacks', () => {
    expect([...hiddenCodes('user:col:', ctx)].sort()).toEqual(['phone', 'realname']);
    expect([
      ...hiddenCodes('user:col:', {
        ...ctx,
        auth: [...ctx.auth, { action: 'user:col:phone', type: '1', describe: '' }],
      }),
    ]).toEqual(['realname']);
  });

  it('colAuthFilter drops hidden columns', () => {
    const cols = [{ dataIndex: 'username' }, { dataIndex: 'realname' }, { dataIndex: 'phone' }, { title: 'op' }];
    expect(colAuthFilter(cols, 'user:col:', ctx)).toEqual([{ dataIndex: 'username' }, { title: 'op' }]);
  });
});
