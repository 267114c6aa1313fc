import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminSession, createPeer, onRedis } from '../../../test/harness.ts';
import {
  sysDepart,
  sysDepartPermission,
  sysDepartRole,
  sysDepartRolePermission,
  sysDepartRoleUser,
  sysPermission,
  sysUser,
  sysUserDepart,
} from '../../db/schema/index.ts';
import { DEPART_IDS, USER_IDS } from '../../db/seed/data.ts';
import { newId } from '../../platform/ids.ts';
import { invalidateDepartCache } from './tree-cache.ts';

const B = '/jeecg-boot/sys/sysDepart';

const s = adminSession({}, { jeecg: true });
const { get } = s;
const add = (payload: Record<string, unknown>, token = s.token) =>
  s.t.req({ method: 'POST', url: `${B}/add`, payload, token });
const codeOf = async (name: string) =>
  (await s.t.app.ctx.db.select().from(sysDepart).where(eq(sysDepart.departName, name)))[0];

type Node = { id: string; key: string; title: string; orgCode: string; isLeaf: boolean; children: Node[] | null };
const find = (nodes: Node[], id: string): Node | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const c = find(n.children ?? [], id);
    if (c) return c;
  }
  return undefined;
};

describe('tree reads', () => {
  it('queryTreeList answers the seeded tree ordered by depart_order, leaves without children', async () => {
    const res = await get(`${B}/queryTreeList`);
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({ success: true, code: 0 });
    const tree = res.json.result as Node[];
    expect(tree.slice(0, 2).map((n) => n.orgCode)).toEqual(['A01', 'A02']);
    const a01 = tree[0];
    expect(a01).toMatchObject({
      key: DEPART_IDS.A01,
      value: DEPART_IDS.A01,
      title: '北京国炬软件',
      departName: '北京国炬软件',
      isLeaf: false,
      parentId: '',
      orgType: '1',
      orgCategory: '1',
    });
    expect(a01.children?.map((c) => c.orgCode)).toEqual(['A01A03', 'A01A04', 'A01A05']);
    const post = find(tree, DEPART_IDS.A01A05A01)!;
    expect(post).toMatchObject({ isLeaf: true, children: null, orgCategory: '3', orgType: '3' });
    expect(typeof (post as unknown as { createTime: unknown }).createTime === 'string' || post).toBeTruthy();
  });

  it('queryIdTree answers {key,value,title,children}', async () => {
    const res = await get(`${B}/queryIdTree`);
    expect(res.json.success).toBe(true);
    const a01 = res.json.result[0];
    expect(Object.keys(a01).sort()).toEqual(['children', 'key', 'title', 'value']);
    expect(a01.children).toHaveLength(3);
  });

  it('queryDepartTreeSync answers one level with leaf flags', async () => {
    const roots = (await get(`${B}/queryDepartTreeSync`)).json.result as Node[];
    expect(roots.map((r) => r.orgCode).slice(0, 2)).toEqual(['A01', 'A02']);
    expect(roots[0]).toMatchObject({ isLeaf: false, children: null });
    const level = (await get(`${B}/queryDepartTreeSync?pid=${DEPART_IDS.A01A05}`)).json.result as Node[];
    expect(level.map((n) => [n.orgCode, n.isLeaf])).toEqual([['A01A05A01', true]]);
    expect((await get(`${B}/queryDepartTreeSync?pid=unknown`)).json.result).toEqual([]);
  });

  it('queryMyDeptTreeList: a superior gets the departments in charge with message "2", others message "1"', async () => {
    const mine = await get(`${B}/queryMyDeptTreeList`);
    expect(mine.json).toMatchObject({ success: true, message: '2' });
    expect(mine.json.result.map((n: Node) => n.id)).toEqual([DEPART_IDS.A01]);
    expect(mine.json.result[0].children).toHaveLength(3);
    const other = await get(`${B}/queryMyDeptTreeList`, s.jeecg);
    expect(other.json).toMatchObject({ success: true, message: '1', result: null });
  });

  it('searchBy finds departments by name, else 未查询匹配数据！', async () => {
    const res = await get(`${B}/searchBy?keyWord=${encodeURIComponent('研发')}`);
    expect(res.json.success).toBe(true);
    expect(res.json.result.map((n: Node) => n.orgCode).sort()).toEqual(['A01A05', 'A01A05A01', 'A02A02']);
    // 我的部门: only inside the departments the superior is in charge of (A01)
    const mine = await get(`${B}/searchBy?keyWord=${encodeURIComponent('研发部')}&myDeptSearch=1`);
    expect(mine.json.result.map((n: Node) => n.orgCode)).toEqual(['A01A05']);
    const none = await get(`${B}/searchBy?keyWord=${encodeURIComponent('不存在的部门')}`);
    expect(none.json).toMatchObject({ success: false, message: '未查询匹配数据！' });
    // LIKE wildcards are plain text
    expect((await get(`${B}/searchBy?keyWord=%25`)).json.success).toBe(false);
  });

  it('queryAllParentId lists the chain root → department', async () => {
    const res = await get(`${B}/queryAllParentId?departId=${DEPART_IDS.A01A05A01}`);
    const entry = res.json.result[DEPART_IDS.A01A05A01];
    expect(entry.parentIds).toEqual([DEPART_IDS.A01, DEPART_IDS.A01A05, DEPART_IDS.A01A05A01]);
    expect(entry.parentMap[DEPART_IDS.A01].departName).toBe('北京国炬软件');
    const byCode = await get(`${B}/queryAllParentId?orgCode=A02A02`);
    expect(byCode.json.result[DEPART_IDS.A02A02].parentIds).toEqual([DEPART_IDS.A02, DEPART_IDS.A02A02]);
    expect((await get(`${B}/queryAllParentId`)).json.success).toBe(false);
  });

  it('listAll, getDepartName, getUsersByDepartId, queryTreeByKeyWord', async () => {
    const all = await get(`${B}/listAll`);
    expect(all.json.result.length).toBeGreaterThanOrEqual(8);
    const some = await get(`${B}/listAll?id=${DEPART_IDS.A02},${DEPART_IDS.A01}`);
    expect(some.json.result).toHaveLength(2);
    expect((await get(`${B}/getDepartName?orgCode=A01A05`)).json.result).toBe('研发部');
    const users = await get(`${B}/getUsersByDepartId?id=${DEPART_IDS.A01A05}`);
    expect(users.json.result.map((u: { username: string }) => u.username)).toEqual(['jeecg']);
    expect(users.json.result[0].password).toBeUndefined();
    expect(users.json.result[0].salt).toBeUndefined();
    const kw = await get(`${B}/queryTreeByKeyWord?keyWord=${encodeURIComponent('财务')}`);
    const departList = kw.json.result.departList as Node[];
    expect(departList.map((n) => n.orgCode)).toEqual(['A01', 'A02']);
    expect(departList[0].children?.map((c) => c.orgCode)).toEqual(['A01A04']);
    expect(kw.json.result.userList).toEqual([]);
  });
});

describe('add (contract §5.4 codes)', () => {
  it('a root gets the next root code, children get parent + A01, A02 …; org_type is the depth', async () => {
    const r = await add({ departName: '测试公司', orgCategory: '1', departOrder: 5 });
    expect(r.json).toMatchObject({ success: true, message: '添加成功！', code: 200 });
    const root = await codeOf('测试公司');
    expect(root).toMatchObject({ orgCode: 'A03', orgType: '1', parentId: '', orgCategory: '1', delFlag: '0' });
    expect(root.id).toMatch(/^\d{19}$/);

    await add({ departName: '测试部门一', parentId: root.id, orgCategory: '2' });
    await add({ departName: '测试部门二', parentId: root.id });
    const c1 = await codeOf('测试部门一');
    const c2 = await codeOf('测试部门二');
    expect([c1.orgCode, c1.orgType, c2.orgCode, c2.orgCategory]).toEqual(['A03A01', '2', 'A03A02', '2']);
    await add({ departName: '测试岗位', parentId: c1.id, orgCategory: '3' });
    expect(await codeOf('测试岗位')).toMatchObject({ orgCode: 'A03A01A01', orgType: '3' });
    // under a seeded parent: A01 has A01A03..A01A05
    await add({ departName: '测试人事部', parentId: DEPART_IDS.A01 });
    expect((await codeOf('测试人事部')).orgCode).toBe('A01A06');

    const tree = (await get(`${B}/queryTreeList`)).json.result as Node[];
    expect(find(tree, root.id)?.children?.map((c) => c.title)).toEqual(['测试部门一', '测试部门二']);
  });

  it('ignores client-sent id, org_code and org_type', async () => {
    await add({ departName: '自带编码', id: 'hack', orgCode: 'Z99', orgType: '9', parentId: DEPART_IDS.A02 });
    const d = await codeOf('自带编码');
    expect(d.id).not.toBe('hack');
    expect(d).toMatchObject({ orgCode: 'A02A03', orgType: '2' });
  });

  it('two concurrent adds under one parent never share a code', async () => {
    const parent = await add({ departName: '并发父级' });
    expect(parent.json.success).toBe(true);
    const p = await codeOf('并发父级');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => add({ departName: `并发子级${i}`, parentId: p.id })),
    );
    expect(results.every((r) => r.json.success)).toBe(true);
    const kids = await s.t.app.ctx.db.select().from(sysDepart).where(eq(sysDepart.parentId, p.id));
    const codes = kids.map((k) => k.orgCode).sort();
    expect(codes).toEqual(Array.from({ length: 8 }, (_, i) => `${p.orgCode}A0${i + 1}`));
    // concurrent roots too
    const roots = await Promise.all([add({ departName: '并发根1' }), add({ departName: '并发根2' })]);
    expect(roots.every((r) => r.json.success)).toBe(true);
    const r1 = await codeOf('并发根1');
    const r2 = await codeOf('并发根2');
    expect(r1.orgCode).not.toBe(r2.orgCode);
  });

  it('skips a code already taken elsewhere (Z99 edge case)', async () => {
    const db = s.t.app.ctx.db;
    const z = newId();
    await db.insert(sysDepart).values({ id: z, parentId: '', departName: 'Z99公司', orgCode: 'Z99', orgType: '1' });
    // a hand-made child of Z99 already holds Z99A01
    await db
      .insert(sysDepart)
      .values({ id: newId(), parentId: z, departName: 'Z99子级', orgCode: 'Z99A01', orgType: '2' });
    await invalidateDepartCache(s.t.app); // what every writer of sys_depart does
    const r = await add({ departName: 'Z99之后' });
    expect(r.json.success).toBe(true);
    expect((await codeOf('Z99之后')).orgCode).toBe('Z99A02');
  });

  it('validates input', async () => {
    const noName = await add({ departName: '  ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json.message).toContain('机构名称不能为空');
    const badCat = await add({ departName: 'x', orgCategory: '7' });
    expect(badCat.statusCode).toBe(400);
    const badPhone = await add({ departName: 'x', mobile: '<script>' });
    expect(badPhone.statusCode).toBe(400);
    const badOrder = await add({ departName: 'x', departOrder: 'abc' });
    expect(badOrder.statusCode).toBe(400);
    const noParent = await add({ departName: 'x', parentId: 'nope' });
    expect(noParent.json).toMatchObject({ success: false, message: '上级部门不存在！' });
    expect(await codeOf('x')).toBeUndefined();
  });
});

describe('edit', () => {
  it('changes the own fields, keeps parent, code and depth', async () => {
    const before = (await s.t.app.ctx.db.select().from(sysDepart).where(eq(sysDepart.id, DEPART_IDS.A01A04)))[0];
    const res = await s.t.req({
      method: 'PUT',
      url: `${B}/edit`,
      token: s.token,
      payload: {
        id: DEPART_IDS.A01A04,
        departName: '财务中心',
        orgCode: 'B01',
        parentId: DEPART_IDS.A02,
        orgType: '5',
        mobile: '010-12345678',
        memo: '备注',
        orgCategory: '2',
        departOrder: 3,
      },
    });
    expect(res.json).toMatchObject({ success: true, message: '修改成功!' });
    const after = (await s.t.app.ctx.db.select().from(sysDepart).where(eq(sysDepart.id, DEPART_IDS.A01A04)))[0];
    expect(after).toMatchObject({
      departName: '财务中心',
      orgCode: before.orgCode,
      parentId: before.parentId,
      orgType: before.orgType,
      mobile: '010-12345678',
      memo: '备注',
      departOrder: 3,
      updateBy: 'admin',
    });
    // the cached tree follows at once
    const tree = (await get(`${B}/queryTreeList`)).json.result as Node[];
    expect(find(tree, DEPART_IDS.A01A04)?.title).toBe('财务中心');
  });

  it('answers 未找到对应实体 for an unknown id, 400 without a name', async () => {
    const res = await s.t.req({
      method: 'PUT',
      url: `${B}/edit`,
      token: s.token,
      payload: { id: 'nope', departName: 'a' },
    });
    expect(res.json).toMatchObject({ success: false, message: '未找到对应实体' });
    const bad = await s.t.req({ method: 'PUT', url: `${B}/edit`, token: s.token, payload: { id: DEPART_IDS.A01 } });
    expect(bad.statusCode).toBe(400);
  });

  // nodes share the generation token only through Redis (the in-memory KV is per process)
  it.runIf(onRedis)('a peer node sees the change through the shared generation', async () => {
    const peer = await createPeer(s.t);
    try {
      const ptoken = s.token;
      const before = (await peer.req({ method: 'GET', url: `${B}/queryTreeList`, token: ptoken })).json.result;
      expect(find(before, DEPART_IDS.A02A01)?.title).toBe('财务部');
      await s.t.req({
        method: 'PUT',
        url: `${B}/edit`,
        token: s.token,
        payload: { id: DEPART_IDS.A02A01, departName: '卓尔财务部' },
      });
      const after = (await peer.req({ method: 'GET', url: `${B}/queryTreeList`, token: ptoken })).json.result;
      expect(find(after, DEPART_IDS.A02A01)?.title).toBe('卓尔财务部');
    } finally {
      await peer.close();
    }
  });
});

describe('delete', () => {
  it('removes the subtree with user links, depart permissions, depart roles, their grants and members', async () => {
    const db = s.t.app.ctx.db;
    await add({ departName: '待删公司' });
    const root = await codeOf('待删公司');
    await add({ departName: '待删部门', parentId: root.id });
    const child = await codeOf('待删部门');
    const [perm] = await db.select().from(sysPermission).where(eq(sysPermission.perms, 'position:add'));
    const roleId = newId();
    await db.insert(sysUserDepart).values({ id: newId(), userId: USER_IDS.jeecg, depId: child.id });
    await db.insert(sysDepartPermission).values({ id: newId(), departId: child.id, permissionId: perm.id });
    await db.insert(sysDepartRole).values({ id: roleId, departId: child.id, roleName: 'r', roleCode: 'r' });
    await db.insert(sysDepartRolePermission).values({ id: newId(), departId: child.id, roleId, permissionId: perm.id });
    await db.insert(sysDepartRoleUser).values({ id: newId(), userId: USER_IDS.jeecg, droleId: roleId });
    await db.update(sysUser).set({ orgCode: child.orgCode }).where(eq(sysUser.id, USER_IDS.zhangsan));
    await s.t.app.ctx.perms.invalidate(USER_IDS.jeecg);
    expect((await s.t.app.ctx.perms.of(USER_IDS.jeecg)).has('position:add')).toBe(true);

    const res = await s.t.req({ method: 'DELETE', url: `${B}/delete?id=${root.id}`, token: s.token });
    expect(res.json).toMatchObject({ success: true, message: '删除成功!' });
    const ids = [root.id, child.id];
    expect(await db.select().from(sysDepart).where(inArray(sysDepart.id, ids))).toEqual([]);
    expect(await db.select().from(sysUserDepart).where(inArray(sysUserDepart.depId, ids))).toEqual([]);
    expect(await db.select().from(sysDepartPermission).where(inArray(sysDepartPermission.departId, ids))).toEqual([]);
    expect(await db.select().from(sysDepartRole).where(eq(sysDepartRole.id, roleId))).toEqual([]);
    expect(await db.select().from(sysDepartRolePermission).where(eq(sysDepartRolePermission.roleId, roleId))).toEqual(
      [],
    );
    expect(await db.select().from(sysDepartRoleUser).where(eq(sysDepartRoleUser.droleId, roleId))).toEqual([]);
    expect((await db.select().from(sysUser).where(eq(sysUser.id, USER_IDS.zhangsan)))[0].orgCode).toBeNull();
    // the member lost the granted button at once
    expect((await s.t.app.ctx.perms.of(USER_IDS.jeecg)).has('position:add')).toBe(false);
    const tree = (await get(`${B}/queryTreeList`)).json.result as Node[];
    expect(find(tree, root.id)).toBeUndefined();
  });

  it('deleteBatch removes several, unknown ids answer 未找到对应实体', async () => {
    await add({ departName: '批删一' });
    await add({ departName: '批删二' });
    const a = await codeOf('批删一');
    const b = await codeOf('批删二');
    const res = await s.t.req({ method: 'DELETE', url: `${B}/deleteBatch?ids=${a.id},${b.id},`, token: s.token });
    expect(res.json).toMatchObject({ success: true, message: '删除成功!' });
    expect(await codeOf('批删一')).toBeUndefined();
    const none = await s.t.req({ method: 'DELETE', url: `${B}/delete?id=nope`, token: s.token });
    expect(none.json).toMatchObject({ success: false, message: '未找到对应实体' });
    const bad = await s.t.req({ method: 'DELETE', url: `${B}/deleteBatch?ids=a'b`, token: s.token });
    expect(bad.statusCode).toBe(400);
  });
});

describe('access', () => {
  it('401 without a session', async () => {
    const res = await s.t.req({ method: 'GET', url: `${B}/queryTreeList` });
    expect(res.statusCode).toBe(401);
  });

  it('a user without the buttons can read the tree but change nothing', async () => {
    expect((await get(`${B}/queryTreeList`, s.jeecg)).json.success).toBe(true);
    expect((await get(`${B}/getUsersByDepartId?id=${DEPART_IDS.A01}`, s.jeecg)).statusCode).toBe(403);
    const calls = [
      { method: 'POST' as const, url: `${B}/add`, payload: { departName: '越权' } },
      { method: 'PUT' as const, url: `${B}/edit`, payload: { id: DEPART_IDS.A01, departName: '越权' } },
      { method: 'DELETE' as const, url: `${B}/delete?id=${DEPART_IDS.A02}` },
      { method: 'DELETE' as const, url: `${B}/deleteBatch?ids=${DEPART_IDS.A02}` },
    ];
    for (const c of calls) {
      const res = await s.t.req({ ...c, token: s.jeecg });
      expect(res.statusCode, c.url).toBe(403);
    }
    expect(await codeOf('越权')).toBeUndefined();
    expect((await get(`${B}/getDepartName?orgCode=A02`)).json.result).toBe('北京卓尔互动');
  });
});

describe('1 000 departments', () => {
  it('queryTreeList answers the whole tree from one query and serves repeats from the cache', async () => {
    const db = s.t.app.ctx.db;
    const rows: (typeof sysDepart.$inferInsert)[] = [];
    // 10 companies × 9 departments × 10 posts + companies and departments = 1 000 rows
    for (let c = 0; c < 10; c++) {
      const cid = newId();
      const ccode = `M${String(c + 10).padStart(2, '0')}`;
      rows.push({ id: cid, parentId: '', departName: `压测公司${c}`, orgCode: ccode, orgType: '1', orgCategory: '1' });
      for (let d = 0; d < 9; d++) {
        const did = newId();
        const dcode = `${ccode}A${String(d + 1).padStart(2, '0')}`;
        rows.push({ id: did, parentId: cid, departName: `压测部门${c}-${d}`, orgCode: dcode, orgType: '2' });
        for (let p = 0; p < 10; p++) {
          rows.push({
            id: newId(),
            parentId: did,
            departName: `压测岗位${c}-${d}-${p}`,
            orgCode: `${dcode}A${String(p + 1).padStart(2, '0')}`,
            orgType: '3',
            orgCategory: '3',
          });
        }
      }
    }
    expect(rows).toHaveLength(1000);
    await db.insert(sysDepart).values(rows);
    await invalidateDepartCache(s.t.app); // what every writer of sys_depart does

    const first = await get(`${B}/queryTreeList`);
    const count = (nodes: Node[]): number => nodes.reduce((n, x) => n + 1 + count(x.children ?? []), 0);
    expect(count(first.json.result)).toBeGreaterThanOrEqual(1008);
    // repeated loads answer the same tree (from the cache; its speed is measured by `npm run bench`, not here)
    for (let i = 0; i < 3; i++) {
      const again = await get(`${B}/queryTreeList`);
      expect(again.statusCode).toBe(200);
      expect(again.json.result).toEqual(first.json.result);
    }
  });
});
