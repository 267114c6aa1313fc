/**
 * 工作台 / 个人中心 / 任务 / 监控 answer shapes (issue 16, contract-2 §6), written once: the server (modules/workplace)
 * builds them, the web (api/workplace.ts, views/dashboard) reads them. The `/mock/api/*` paths are the ones the
 * original client calls, answered with the signed-in user's own data; `/dashboard/*` are ours.
 */
export const WORKPLACE_PATHS = {
  activity: '/mock/api/workplace/activity',
  teams: '/mock/api/workplace/teams',
  radar: '/mock/api/workplace/radar',
  role: '/mock/api/role',
  service: '/mock/api/service',
  profile: '/dashboard/profile',
  tasks: '/dashboard/tasks',
  monitor: '/dashboard/monitor',
} as const;

/** one line of the user's operation log (sys_log), newest first */
export interface Activity {
  id: string;
  /** the original Workplace.vue reads user.nickname / user.avatar and project.name / action / event */
  user: { nickname: string; avatar: string | null };
  project: { name: string; action: string; event: string };
  time: string | null;
  logType: number;
  operateType: number | null;
  requestUrl: string | null;
}

/** one of the user's departments */
export interface Team {
  id: string;
  name: string;
  /** the original reads item.avatar; departments have none */
  avatar: string | null;
  orgCode: string;
  /** '1' company, '2' department, '3' post */
  orgCategory: string;
  memberCount: number;
  /** parent department's name, null for a company */
  parentName: string | null;
}

/** one radar axis: 个人 = the user's count, 部门 = everyone in their departments, 团队 = 部门 per member */
export interface RadarRow {
  item: string;
  个人: number;
  团队: number;
  部门: number;
}

export interface RoleInfo {
  id: string;
  roleCode: string;
  roleName: string | null;
  description: string | null;
}

/** 个人中心: positions, departments and roles by name */
export interface Profile {
  posts: Array<{ code: string; name: string }>;
  departs: Team[];
  roles: RoleInfo[];
}

/** `/mock/api/service`: one API resource the user called */
export interface CallStat {
  key: string;
  id: string;
  no: string;
  description: string;
  callNo: number;
  /** 0 all succeeded … (the original's status column); here 1 when the last call was an error-free mutation */
  status: number;
  updatedAt: string | null;
}

export interface CallStatPage {
  pageSize: number;
  pageNo: number;
  totalCount: number;
  totalPage: number;
  data: CallStat[];
}

export interface TaskItem {
  id: string;
  title: string;
  description: string | null;
  time: string | null;
}

export type TaskCardKey = 'reservations' | 'sessions' | 'notices' | 'jobs';

export interface TaskCard {
  key: TaskCardKey;
  title: string;
  count: number;
  /** the granted menu's route (drill-down), null when the user has no such page */
  link: string | null;
  items: TaskItem[];
}

export type Health = 'UP' | 'DOWN';

/** `/dashboard/monitor`: the monitoring pages' figures in one answer */
export interface Overview {
  time: number;
  startedAt: number;
  /** cumulative since start: the client derives requests/s and the error rate from two samples */
  requests: number;
  errors5xx: number;
  errors4xx: number;
  rejected: number;
  latency: { meanMs: number; p50Ms: number; p90Ms: number; p99Ms: number; maxMs: number };
  eventLoopDelay: { mean: number; p99: number; max: number; windowMs: number };
  database: { kind: 'pg' | 'pglite'; status: Health; pingMs: number | null };
  /** configured false: embedded / single-node mode, state kept in process (status null) */
  redis: { configured: boolean; status: Health | null; pingMs: number | null };
}
