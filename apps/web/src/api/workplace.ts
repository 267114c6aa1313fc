import {
  type Activity,
  type Overview,
  type Profile,
  type RadarRow,
  type TaskCard,
  type Team,
  WORKPLACE_PATHS,
} from '@answer/contract';
import { useQuery } from '@tanstack/react-query';
import { HttpError, http } from './http';

/**
 * 工作台 / 个人中心 / 任务 / 监控 dashboards (issue 16; server modules/workplace). The `/mock/api/*` paths are the ones
 * the original client calls (contract-2 §6), answered with the signed-in user's own data.
 */

export type { Activity, Overview, Profile, RadarRow, TaskCard, TaskItem, Team } from '@answer/contract';

export const WORKPLACE_URLS = {
  ...WORKPLACE_PATHS,
  /** another module's list (the original template's example projects) */
  projects: '/mock/api/list/search/projects',
} as const;

export interface Project {
  id: string;
  title: string;
  description?: string | null;
  cover?: string | null;
  updatedAt?: string | null;
}

async function result<T>(url: string, fallback: string, silent = false): Promise<T> {
  const res = await http.get<T>(url, undefined, { silent });
  if (!res.success) throw new Error(res.message || fallback);
  return res.result;
}

export const fetchActivity = () => result<Activity[]>(WORKPLACE_URLS.activity, '最近动态加载失败');
export const fetchTeams = () => result<Team[]>(WORKPLACE_URLS.teams, '团队加载失败');
export const fetchRadar = () => result<RadarRow[]>(WORKPLACE_URLS.radar, '指数加载失败');
export const fetchProfile = () => result<Profile>(WORKPLACE_URLS.profile, '个人信息加载失败');
export const fetchTasks = () =>
  result<{ cards: TaskCard[] }>(WORKPLACE_URLS.tasks, '待办任务加载失败').then((r) => r.cards);
/** silent: the page shows a missing grant (403) as its own notice, not as a toast on every poll */
export const fetchOverview = () => result<Overview>(WORKPLACE_URLS.monitor, '监控数据加载失败', true);

/**
 * The example projects (another module, `/mock/api/list/search/projects`, reads `result.data`); an installation
 * without it (404) or a failed call shows no projects instead of an error.
 */
export async function fetchProjects(): Promise<Project[]> {
  try {
    const res = await http.get<{ data?: Project[] } | Project[]>(
      WORKPLACE_URLS.projects,
      { pageNo: 1, pageSize: 6 },
      { silent: true },
    );
    if (!res.success) return [];
    const r = res.result;
    const list = Array.isArray(r) ? r : r?.data;
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

export const isForbidden = (err: unknown) => err instanceof HttpError && err.status === 403;

export const useActivity = () => useQuery({ queryKey: ['workplace', 'activity'], queryFn: fetchActivity });
export const useTeams = () => useQuery({ queryKey: ['workplace', 'teams'], queryFn: fetchTeams });
export const useRadar = () => useQuery({ queryKey: ['workplace', 'radar'], queryFn: fetchRadar });
export const useProfile = () => useQuery({ queryKey: ['workplace', 'profile'], queryFn: fetchProfile });
export const useProjects = () => useQuery({ queryKey: ['workplace', 'projects'], queryFn: fetchProjects });
export const useTasks = () => useQuery({ queryKey: ['workplace', 'tasks'], queryFn: fetchTasks });
