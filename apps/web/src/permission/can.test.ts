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

// Rules (see can.ts): JeecgBoot hasPermission.js (v-has: filterNodePermission, filterGlobalPermission) and
// authFilter.js (disabledAuthFilter: nodeDisabledAuth, globalDisabledAuth).
describe('can: JeecgBoot semantics (spec 01 §6, docs/decisions/005)', () => {
  it.each([
    // v-has, type ≠ "2"
    ['user:add', 'allow', 'rule 7: held by the user (auth, type 1)'],
    ['user:edit', 'allow', 'rule 7: held through a comma list in auth ("user:edit,user:delete")'],
    ['user:delete', 'allow', 'rule 7: held through a comma list in auth'],
    ['user:export', 'deny', 'rule 8: active allAuth rule, not held: v-has removes the element'],
    ['user:import', 'allow', 'rule 6: allAuth status 0: the rule is switched off, not applied (v-has invalidFlag)'],
    ['no:such:code', 'deny', 'rule 8: in no list'],
    // disabledAuthFilter, type "2"
    ['user:form:phone', 'allow', 'rule 3: active disable rule, held by the user (auth, type 2)'],
    ['user:form:email', 'disabled', 'rule 4: active disable rule, not held: shown disabled, not hidden'],
    ['user:form:birthday', 'allow', 'rule 2: disable rule with status 0 is not applied'],
    // comma-separated queries: any of
    ['user:export,user:add', 'allow', 'comma list: one allowed code suffices'],
    ['user:export,user:form:email', 'disabled', 'comma list: disabled beats deny'],
    ['user:export,no:such:code', 'deny', 'comma list: all denied'],
    [' user:add , ', 'allow', 'spaces and empty parts ignored'],
    ['', 'allow', 'no restriction'],
  ])('%j → %s (%s)', (action, decision) => {
    expect(can(action, ctx)).toBe(decision);
  });

  it('allAuth actions are compared exactly, as JeecgBoot does (only the user’s own auth entries are split)', () => {
    const c: CanContext = { auth: [], allAuth: [{ action: 'a:x,a:y', type: '1', status: '0' }] };
    expect(can('a:x', c)).toBe('deny');
    expect(can('a:x,a:y', c)).toBe('deny');
    expect(can('a:x', { auth: [{ action: 'a:x,a:y', type: '1' }], allAuth: [] })).toBe('allow');
  });

  it('a code the user holds only with the disable strategy is not shown by the show/hide strategy', () => {
    // JeecgBoot's v-has collects type ≠ "2" auth entries only
    expect(can('a:b', { auth: [{ action: 'a:b', type: '2' }], allAuth: [] })).toBe('deny');
  });

  it('the form permission entries are checked first (rules 1 and 5)', () => {
    expect(can('user:export', { ...ctx, formPermissions: [{ action: 'user:export', type: '1' }] })).toBe('allow');
    // a type 2 entry of the form (workflow node) disables the field even for a user who holds it
    expect(can('user:form:phone', { ...ctx, formPermissions: [{ action: 'user:form:phone', type: '2' }] })).toBe(
      'disabled',
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
