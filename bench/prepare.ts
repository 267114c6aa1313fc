import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import {
  quizQuestion,
  quizSubject,
  sysDepart,
  sysLog,
  sysPermission,
  sysRolePermission,
  sysUser,
  sysUserDepart,
  sysUserRole,
} from '../apps/server/src/db/schema/index.ts';

const ADMIN_ROLE = 'f6817f48af4fb3af11b9e8bf182f618b';

/**
 * Grows the seed to bench size: ≥ 300 menu rows granted to admin, 10 000 operation-log rows, 1 000 departments
 * (10 companies × 9 departments × 10 teams + the seed) and 10 000 users spread over them (with a role each).
 */
export async function prepareBenchData(db: Db) {
  const [{ n }] = (
    (await db.execute(sql`select count(*)::int as n from sys_permission where menu_type in (0, 1)`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  const extra = Math.max(0, 300 - n);
  const groups = Math.ceil(extra / 10);
  const perms: (typeof sysPermission.$inferInsert)[] = [];
  for (let g = 0; g < groups; g++) {
    const gid = `bench-group-${g}`;
    perms.push({
      id: gid,
      parentId: '',
      name: `压测菜单组${g}`,
      url: `/bench/g${g}`,
      component: 'layouts/RouteView',
      menuType: 0,
      sortNo: 1000 + g,
      isLeaf: false,
      icon: 'appstore',
    });
    for (let i = 0; i < 9; i++) {
      perms.push({
        id: `${gid}-${i}`,
        parentId: gid,
        name: `压测页面${g}-${i}`,
        url: `/bench/g${g}/p${i}`,
        component: 'system/UserList',
        menuType: 1,
        sortNo: i,
        isLeaf: true,
        keepAlive: true,
      });
    }
  }
  if (perms.length) {
    await db.insert(sysPermission).values(perms);
    await db
      .insert(sysRolePermission)
      .values(perms.map((p) => ({ id: `rp-${p.id}`, roleId: ADMIN_ROLE, permissionId: p.id! })));
  }
  const now = Date.now();
  for (let chunk = 0; chunk < 10; chunk++) {
    const rows: (typeof sysLog.$inferInsert)[] = [];
    for (let i = 0; i < 1000; i++) {
      const k = chunk * 1000 + i;
      rows.push({
        id: `bench-log-${k}`,
        logType: k % 5 === 0 ? 1 : 2,
        logContent: k % 3 === 0 ? `bench 操作 ${k}` : `编辑用户 ${k}`,
        operateType: (k % 6) + 1,
        userid: 'admin',
        username: '管理员',
        ip: `10.0.${k % 255}.${k % 7}`,
        method: 'POST /sys/user/edit',
        requestUrl: '/jeecg-boot/sys/user/edit',
        requestType: 'POST',
        costTime: k % 500,
        createBy: 'admin',
        createTime: new Date(now - k * 60_000),
      });
    }
    await db.insert(sysLog).values(rows);
  }
  await prepareDepartsAndUsers(db);
  await prepareQuestions(db);
  // the steady state autovacuum keeps, before anything is measured: statistics for the planner (the endpoint and its
  // floor then plan with the same knowledge) and the GIN pending lists merged (10 000 rows inserted after the trigram
  // indexes were created sit in the pending list, and the planner then prices a trigram scan above a sequential one).
  // PostgreSQL's autovacuum would do both at some unknown point during the run; the server's own first-list VACUUM
  // ANALYZE on PGlite then finds nothing new
  await db.execute(sql`vacuum analyze`);
}

const TEST_ROLE = 'ee8626f80f7c2619917b6236f3a7f02b';
const code = (n: number) =>
  `${String.fromCharCode(65 + Math.floor((n - 1) / 99))}${String(((n - 1) % 99) + 1).padStart(2, '0')}`;

async function prepareDepartsAndUsers(db: Db) {
  const now = new Date();
  const departs: (typeof sysDepart.$inferInsert)[] = [];
  const leafIds: { id: string; orgCode: string }[] = [];
  // seed roots are A01, A02: bench companies start at A10 so their codes never collide with the seed
  for (let c = 0; c < 10; c++) {
    const cCode = code(10 + c);
    const cId = `bench-depart-${c}`;
    departs.push({
      id: cId,
      parentId: '',
      departName: `压测公司${c}`,
      orgCategory: '1',
      orgType: '1',
      orgCode: cCode,
      departOrder: 10 + c,
      status: '1',
      delFlag: '0',
      createBy: 'admin',
      createTime: now,
    });
    for (let d = 0; d < 9; d++) {
      const dCode = `${cCode}${code(d + 1)}`;
      const dId = `${cId}-${d}`;
      departs.push({
        id: dId,
        parentId: cId,
        departName: `压测部门${c}-${d}`,
        orgCategory: '2',
        orgType: '2',
        orgCode: dCode,
        departOrder: d,
        status: '1',
        delFlag: '0',
        createBy: 'admin',
        createTime: now,
      });
      for (let t = 0; t < 10; t++) {
        const tCode = `${dCode}${code(t + 1)}`;
        const tId = `${dId}-${t}`;
        departs.push({
          id: tId,
          parentId: dId,
          departName: `压测小组${c}-${d}-${t}`,
          orgCategory: '2',
          orgType: '3',
          orgCode: tCode,
          departOrder: t,
          status: '1',
          delFlag: '0',
          createBy: 'admin',
          createTime: now,
        });
        leafIds.push({ id: tId, orgCode: tCode });
      }
    }
  }
  for (let i = 0; i < departs.length; i += 500) await db.insert(sysDepart).values(departs.slice(i, i + 500));

  for (let chunk = 0; chunk < 20; chunk++) {
    const users: (typeof sysUser.$inferInsert)[] = [];
    const links: (typeof sysUserDepart.$inferInsert)[] = [];
    const roles: (typeof sysUserRole.$inferInsert)[] = [];
    for (let i = 0; i < 500; i++) {
      const k = chunk * 500 + i;
      const dep = leafIds[k % leafIds.length];
      const id = `bench-user-${k}`;
      users.push({
        id,
        username: `bench_user_${k}`,
        realname: `压测用户${k}`,
        // not a usable password hash: bench users never sign in
        password: '!',
        salt: 'benchslt',
        sex: (k % 2) + 1,
        status: k % 17 === 0 ? 2 : 1,
        delFlag: 0,
        orgCode: dep.orgCode,
        post: k % 3 === 0 ? 'staff' : null,
        phone: `139${String(k).padStart(8, '0')}`,
        email: `bench${k}@example.com`,
        workNo: `B${String(k).padStart(6, '0')}`,
        createBy: 'admin',
        createTime: new Date(now.getTime() - k * 1000),
      });
      links.push({ id: `bench-ud-${k}`, userId: id, depId: dep.id });
      roles.push({ id: `bench-ur-${k}`, userId: id, roleId: TEST_ROLE });
    }
    await db.insert(sysUser).values(users);
    await db.insert(sysUserDepart).values(links);
    await db.insert(sysUserRole).values(roles);
  }
}

/** the bench's question bank root whose sub-tree the question-list entry filters by */
export const BENCH_SUBJECT_ROOT = 'bench-subject-0';
const TOPICS = ['消防', '交通', '用电', '化学品', '急救', '法规'];

/**
 * 210 subjects (10 roots × 5 children × 4 grandchildren) and 10 000 questions spread over the grandchildren, every
 * type, stems naming one of six topics (the keyword filter matches a sixth of them).
 */
async function prepareQuestions(db: Db) {
  const now = Date.now();
  const subjects: (typeof quizSubject.$inferInsert)[] = [];
  const leaves: string[] = [];
  for (let r = 0; r < 10; r++) {
    const rid = `bench-subject-${r}`;
    subjects.push({ id: rid, parentId: '0', name: `压测科目${r}`, sortNo: r, tenantId: 0 });
    for (let c = 0; c < 5; c++) {
      const cid = `${rid}-${c}`;
      subjects.push({ id: cid, parentId: rid, name: `压测章节${r}-${c}`, sortNo: c, tenantId: 0 });
      for (let g = 0; g < 4; g++) {
        const gid = `${cid}-${g}`;
        subjects.push({ id: gid, parentId: cid, name: `压测小节${r}-${c}-${g}`, sortNo: g, tenantId: 0 });
        leaves.push(gid);
      }
    }
  }
  await db.insert(quizSubject).values(subjects);
  for (let chunk = 0; chunk < 10; chunk++) {
    const rows: (typeof quizQuestion.$inferInsert)[] = [];
    for (let i = 0; i < 1000; i++) {
      const k = chunk * 1000 + i;
      const type = String((k % 5) + 1);
      const topic = TOPICS[k % TOPICS.length];
      const text = `${topic}安全第 ${k} 题：下列关于${topic}的说法，正确的是（ ）。`;
      rows.push({
        id: `bench-question-${k}`,
        // consecutive questions land in different roots, so every root's sub-tree holds a tenth of the bank
        subjectId: leaves[(k * 7) % leaves.length],
        type,
        stem: `<p>${text}</p>`,
        stemText: text,
        stemHash: createHash('md5').update(text).digest('hex'),
        options:
          type === '1' || type === '2'
            ? ['甲', '乙', '丙', '丁'].map((content, j) => ({ key: 'ABCD'[j], content }))
            : null,
        answer: type === '1' ? 'B' : type === '2' ? 'A,C' : type === '3' ? '1' : type === '4' ? '[["是"]]' : '参考答案',
        difficulty: (k % 5) + 1,
        score: 2,
        blanks: type === '4' ? 1 : 0,
        status: k % 13 === 0 ? '0' : '1',
        delFlag: 0,
        createBy: 'admin',
        createTime: new Date(now - k * 30_000),
        tenantId: 0,
      });
    }
    await db.insert(quizQuestion).values(rows);
  }
}
