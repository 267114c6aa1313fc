import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from './http';

/** Home-page statistics (contract §4.9). */

export interface LoginInfo {
  totalVisitCount: number;
  todayVisitCount: number;
  todayIp: number;
}

export interface VisitDay {
  visit: number;
  ip: number;
  /** yyyy-MM-dd */
  tian: string;
  /** MM-dd */
  type: string;
}

export async function fetchLoginInfo(): Promise<LoginInfo> {
  const res = await http.get<LoginInfo>('/sys/loginfo');
  if (!res.success) throw new Error(res.message);
  const r = res.result ?? ({} as Partial<LoginInfo>);
  return {
    totalVisitCount: Number(r.totalVisitCount ?? 0),
    todayVisitCount: Number(r.todayVisitCount ?? 0),
    todayIp: Number(r.todayIp ?? 0),
  };
}

export async function fetchVisitInfo(): Promise<VisitDay[]> {
  const res = await http.get<VisitDay[]>('/sys/visitInfo');
  if (!res.success) throw new Error(res.message);
  return Array.isArray(res.result) ? res.result : [];
}

export const loginInfoQuery = () => queryOptions({ queryKey: ['dashboard', 'loginfo'], queryFn: fetchLoginInfo });
export const visitInfoQuery = () => queryOptions({ queryKey: ['dashboard', 'visitInfo'], queryFn: fetchVisitInfo });

export const useLoginInfo = () => useQuery(loginInfoQuery());
export const useVisitInfo = () => useQuery(visitInfoQuery());
