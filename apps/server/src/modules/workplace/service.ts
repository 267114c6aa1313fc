import {
  type Activity,
  API_BASE,
  type CallStatPage,
  type RadarRow,
  type RoleInfo,
  type TaskItem,
  type Team,
} from '@answer/contract';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { UserRow } from '../../context.ts';
import { type Db, queryRows } from '../../db/client.ts';
import {
  answerReservation,
  answerSession,
  sysLog,
  sysPermission,
  sysPosition,
  sysQuartzJob,
  sysQuartzJobRun,
  sysRole,
  sysUserRole,
} from '../../db/schema/index.ts';
import { type DataRule, defineListEntity, listWhere } from '../../platform/list-query.ts';
import { formatDateTime } from '../../platform/serialize.ts';
import { type Tenancy, tenantWhere } from '../../platform/tenant-scope.ts';
import { dayStartGmt8 } from '../auth/stats.ts';

/**
 * 工作台 / 个人中心 / 任务 figures (issue 16): everything is the signed-in user's own data — their operation log
 * (sys_log.userid holds the username, contract §4.9 quirk), their departments, their roles, their pending work.
 */

const DAY_MS = 86_400_000;
/** sys_log.create_time holds UTC wall-clock (as auth/stats.ts): bind the same form */
const ts = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');

export const ACTIVITY_LIMIT = 20;
/** the radar counts the last 30 days */
export const RADAR_DAYS = 30;

/** JeecgBoot's operate_type texts (dict operate_type) */
export const OPERATE_TEXT: Record<number, string> = {
  1: '查询',
  2: '添加',
  3: '编辑',
  4: '删除',
  5: '导入',
  6: '导出',
};

type Me = Pick<UserRow, 'id' | 'username' | 'realname' | 'avatar'>;

/** the API path without the `/jeecg-boot` base the operation log records */
export function apiPath(url: string | null | undefined): string {
  const path = (url ?? '').split('?')[0];
  return path.startsWith(`${API_BASE}/`) ? path.slice(API_BASE.length) : path;
}

/** `/jeecg-boot/sys/user/add` → `/sys/user` (the resource the operation was on) */
export function resourceOf(url: string | null | undefined): string {
  const parts = apiPath(url).split('/').filter(Boolean);
  if (parts.length <= 1) return `/${parts.join('/')}`;
  return `/${parts.slice(0, -1).join('/')}`;
}

/** what a sign-in log line (log_type 1) records: 登录, 退出 or 登录失败 */
export function signAction(content: string | null | undefined): string {
  const c = content ?? '';
  if (c.includes('退出')) return '退出';
  if (c.includes('失败') || c.includes('错误')) return '登录失败';
  return '登录';
}

/** the user's newest sign-ins and operations (sys_log), newest first */
export async function recentActivity(db: Db, me: Me, limit = ACTIVITY_LIMIT): Promise<Activity[]> {
  const rows = await db
    .select({
      id: sysLog.id,
      logType: sysLog.logType,
      logContent: sysLog.logContent,
      operateType: sysLog.operateType,
      requestUrl: sysLog.requestUrl,
      createTime: sysLog.createTime,
    })
    .from(sysLog)
    .where(eq(sysLog.userid, me.username))
    .orderBy(desc(sysLog.createTime), desc(sysLog.id))
    .limit(limit);
  return rows.map((r) => {
    const login = r.logType === 1;
    return {
      id: r.id,
      user: { nickname: me.realname || me.username, avatar: me.avatar ?? null },
      project: {
        name: login ? '系统' : resourceOf(r.requestUrl),
        action: login ? signAction(r.logContent) : (OPERATE_TEXT[r.operateType ?? 1] ?? '操作'),
        event: r.logContent ?? '',
      },
      time: formatDateTime(r.createTime),
      logType: r.logType ?? 2,
      operateType: r.operateType,
      requestUrl: r.requestUrl === null ? null : apiPath(r.requestUrl),
    };
  });
}

/** the user's departments (sys_user_depart), each with its member count */
export async function teamsOf(db: Db, userId: string): Promise<Team[]> {
  const rows = await queryRows<{
    id: string;
    name: string;
    org_code: string;
    org_category: string;
    parent_name: string | null;
    members: number;
  }>(
    db,
    sql`select d.id, d.depart_name as name, d.org_code, d.org_category, p.depart_name as parent_name,
               (select count(*) from sys_user_depart m join sys_user u on u.id = m.user_id
                 where m.dep_id = d.id and u.del_flag = 0)::int as members
          from sys_user_depart ud
          join sys_depart d on d.id = ud.dep_id and coalesce(d.del_flag, '0') = '0'
          left join sys_depart p on p.id = d.parent_id
         where ud.user_id = ${userId}
         order by d.org_code`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    avatar: null,
    orgCode: r.org_code,
    orgCategory: r.org_category,
    memberCount: Number(r.members),
    parentName: r.parent_name,
  }));
}

/** radar axes: sign-ins and the operate types of the operation log */
export const RADAR_KINDS: ReadonlyArray<{ item: string; match: (logType: number, op: number | null) => boolean }> = [
  { item: '登录', match: (t) => t === 1 },
  { item: '查询', match: (t, op) => t === 2 && (op ?? 1) === 1 },
  { item: '添加', match: (t, op) => t === 2 && op === 2 },
  { item: '编辑', match: (t, op) => t === 2 && op === 3 },
  { item: '删除', match: (t, op) => t === 2 && op === 4 },
  { item: '导入导出', match: (t, op) => t === 2 && (op === 5 || op === 6) },
];

/**
 * Activity by kind over the last RADAR_DAYS days: 个人 = the user's count, 部门 = everyone in the user's departments,
 * 团队 = the mean per member of those departments (one decimal).
 */
export async function radarOf(db: Db, me: Me, now = Date.now()): Promise<RadarRow[]> {
  const from = ts(now - RADAR_DAYS * DAY_MS);
  const rows = await queryRows<{ mine: boolean; log_type: number; operate_type: number | null; n: number }>(
    db,
    sql`with members as (
          select distinct u.username from sys_user u
            join sys_user_depart m on m.user_id = u.id
           where u.del_flag = 0
             and m.dep_id in (select dep_id from sys_user_depart where user_id = ${me.id})
        )
        select (l.userid = ${me.username}) as mine, l.log_type, l.operate_type, count(*)::int as n
          from sys_log l
         where l.create_time >= ${from}::timestamp
           and (l.userid = ${me.username} or l.userid in (select username from members))
           and (l.log_type = 2 or l.log_content like '%登录成功%')
         group by 1, 2, 3`,
  );
  const [{ n: memberCount }] = await queryRows<{ n: number }>(
    db,
    sql`select count(distinct m.user_id)::int as n from sys_user_depart m join sys_user u on u.id = m.user_id
         where u.del_flag = 0 and m.dep_id in (select dep_id from sys_user_depart where user_id = ${me.id})`,
  );
  return RADAR_KINDS.map((k) => {
    let mine = 0;
    let depart = 0;
    for (const r of rows) {
      if (!k.match(Number(r.log_type), r.operate_type === null ? null : Number(r.operate_type))) continue;
      if (r.mine) mine += Number(r.n);
      // the user counts in the department only when they are one of its members
      if (!r.mine || Number(memberCount) > 0) depart += Number(r.n);
    }
    const members = Number(memberCount);
    return {
      item: k.item,
      个人: mine,
      团队: members ? Math.round((depart / members) * 10) / 10 : 0,
      部门: members ? depart : 0,
    };
  });
}

export async function rolesOf(db: Db, userId: string): Promise<RoleInfo[]> {
  return db
    .select({
      id: sysRole.id,
      roleCode: sysRole.roleCode,
      roleName: sysRole.roleName,
      description: sysRole.description,
    })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(eq(sysUserRole.userId, userId))
    .orderBy(asc(sysRole.roleCode));
}

/** position names of a comma list of position codes (sys_user.post), in the list's order */
export async function postsOf(db: Db, post: string | null | undefined): Promise<Array<{ code: string; name: string }>> {
  const codes = (post ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!codes.length) return [];
  const rows = await db
    .select({ code: sysPosition.code, name: sysPosition.name })
    .from(sysPosition)
    .where(inArray(sysPosition.code, codes));
  const byCode = new Map(rows.map((r) => [r.code, r.name]));
  return codes.map((code) => ({ code, name: byCode.get(code) ?? code }));
}

/**
 * `/mock/api/service`: the API resources the user called (operation log), most called first — the original template's
 * "service list" (`{pageSize, pageNo, totalCount, totalPage, data}`) on real rows.
 */
export async function callStats(db: Db, me: Me, pageNo: number, pageSize: number): Promise<CallStatPage> {
  const rows = await queryRows<{ url: string; n: number; last: Date | string; ops: number }>(
    db,
    sql`select request_url as url, count(*)::int as n, max(create_time) as last, max(operate_type)::int as ops
          from sys_log
         where userid = ${me.username} and log_type = 2 and request_url is not null
         group by request_url
         order by n desc, url asc`,
  );
  const totalCount = rows.length;
  const page = rows.slice((pageNo - 1) * pageSize, pageNo * pageSize);
  return {
    pageSize,
    pageNo,
    totalCount,
    totalPage: Math.ceil(totalCount / pageSize),
    data: page.map((r, i) => ({
      key: apiPath(r.url),
      id: String((pageNo - 1) * pageSize + i + 1),
      no: apiPath(r.url),
      description: `${OPERATE_TEXT[Number(r.ops)] ?? '操作'} ${resourceOf(r.url)}`,
      callNo: Number(r.n),
      status: Number(r.ops) >= 2 ? 1 : 0,
      // pg answers a Date, PGlite a string without zone (UTC wall-clock)
      updatedAt: formatDateTime(typeof r.last === 'string' ? new Date(`${r.last.replace(' ', 'T')}Z`) : r.last),
    })),
  };
}

// ---------------------------------------------------------------------------------------------------- 任务 (IndexTask)

/** pages whose grant opens a task card (and whose menu url is its drill-down link) */
export const TASK_PAGES = {
  reservations: 'answer/ReservationList',
  sessions: 'answer/SessionList',
  notices: 'system/UserAnnouncementList',
  jobs: 'system/QuartzJobList',
} as const;

/** url of the menu row of each component (the drill-down targets) */
export async function menuLinks(db: Db, components: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ component: sysPermission.component, url: sysPermission.url })
    .from(sysPermission)
    .where(
      and(
        inArray(sysPermission.component, [...components]),
        eq(sysPermission.delFlag, 0),
        sql`${sysPermission.menuType} <> 2`,
      ),
    );
  const out = new Map<string, string>();
  for (const r of rows) if (r.component && r.url && !out.has(r.component)) out.set(r.component, r.url);
  return out;
}

const reservationEntity = defineListEntity({
  table: answerReservation,
  sortable: ['createTime'],
  defaultSort: { column: 'createTime', order: 'desc' },
  where: () => eq(answerReservation.delFlag, 0),
});

/** reservations waiting for confirmation (待确认) the user sees on the reservation list (tenant + its data rules) */
export async function pendingReservations(
  db: Db,
  tenancy: Tenancy,
  dataRules: readonly DataRule[],
): Promise<{ count: number; items: TaskItem[] }> {
  const where = and(
    listWhere(reservationEntity, {}, { tenant: tenancy, dataRules }),
    eq(answerReservation.status, '0'),
  ) as SQL;
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(answerReservation).where(where);
  const rows = await db
    .select({
      id: answerReservation.id,
      no: answerReservation.reservationNo,
      name: answerReservation.name,
      session: answerSession.name,
      createTime: answerReservation.createTime,
    })
    .from(answerReservation)
    .leftJoin(answerSession, eq(answerSession.id, answerReservation.sessionId))
    .where(where)
    .orderBy(asc(answerReservation.createTime), asc(answerReservation.id))
    .limit(5);
  return {
    count: Number(n),
    items: rows.map((r) => ({
      id: r.id,
      title: `${r.name} · ${r.session ?? '-'}`,
      description: r.no,
      time: formatDateTime(r.createTime),
    })),
  };
}

/** sessions running on today's calendar day (GMT+8), not cancelled */
export async function sessionsToday(
  db: Db,
  tenancy: Tenancy,
  now = Date.now(),
): Promise<{ count: number; items: TaskItem[] }> {
  const start = dayStartGmt8(now);
  const where = and(
    eq(answerSession.delFlag, 0),
    eq(answerSession.cancelled, 0),
    sql`${answerSession.startTime} < ${ts(start + DAY_MS)}::timestamp`,
    sql`${answerSession.endTime} >= ${ts(start)}::timestamp`,
    tenantWhere(answerSession, tenancy),
  ) as SQL;
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(answerSession).where(where);
  const rows = await db
    .select({
      id: answerSession.id,
      name: answerSession.name,
      startTime: answerSession.startTime,
      endTime: answerSession.endTime,
      place: answerSession.place,
      booked: answerSession.bookedCount,
      capacity: answerSession.capacity,
    })
    .from(answerSession)
    .where(where)
    .orderBy(asc(answerSession.startTime), asc(answerSession.id))
    .limit(5);
  return {
    count: Number(n),
    items: rows.map((r) => ({
      id: r.id,
      title: r.name,
      description: `${formatDateTime(r.startTime)?.slice(11, 16)}–${formatDateTime(r.endTime)?.slice(11, 16)} · ${r.place || '线上'} · ${r.booked}/${r.capacity}`,
      time: formatDateTime(r.startTime),
    })),
  };
}

/** failed job runs of the last 7 days, newest first */
export async function failedJobRuns(db: Db, now = Date.now()): Promise<{ count: number; items: TaskItem[] }> {
  const where = and(
    eq(sysQuartzJobRun.outcome, 'failed'),
    sql`${sysQuartzJobRun.startTime} >= ${ts(now - 7 * DAY_MS)}::timestamp`,
  ) as SQL;
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(sysQuartzJobRun).where(where);
  const rows = await db
    .select({
      id: sysQuartzJobRun.id,
      jobClassName: sysQuartzJobRun.jobClassName,
      description: sysQuartzJob.description,
      error: sysQuartzJobRun.errorMessage,
      startTime: sysQuartzJobRun.startTime,
    })
    .from(sysQuartzJobRun)
    .leftJoin(sysQuartzJob, eq(sysQuartzJob.id, sysQuartzJobRun.jobId))
    .where(where)
    .orderBy(desc(sysQuartzJobRun.startTime), desc(sysQuartzJobRun.id))
    .limit(5);
  return {
    count: Number(n),
    items: rows.map((r) => ({
      id: r.id,
      title: r.description || r.jobClassName || '-',
      description: r.error,
      time: formatDateTime(r.startTime),
    })),
  };
}
