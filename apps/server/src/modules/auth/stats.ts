import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

const DAY_MS = 86_400_000;
const GMT8_MS = 8 * 3_600_000;
/** successful sign-ins only ('用户名: x,登录成功！', also '登录成功[移动端]'); logouts and failures are not visits */
const SUCCESS_LINE = '%登录成功%';

/** midnight (GMT+8) of the day containing `now`, as an instant */
export function dayStartGmt8(now = Date.now()): number {
  return Math.floor((now + GMT8_MS) / DAY_MS) * DAY_MS - GMT8_MS;
}

/** sys_log.create_time holds UTC wall-clock (drizzle writes toISOString into `timestamp`): bind the same form */
const ts = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');

export interface LoginInfo {
  totalVisitCount: number;
  todayVisitCount: number;
  todayIp: number;
}

/** GET /sys/loginfo: counts over successful sign-in lines (log_type 1); "today" is the GMT+8 calendar day */
export async function loginInfo(db: Db): Promise<LoginInfo> {
  const start = dayStartGmt8();
  const from = ts(start);
  const to = ts(start + DAY_MS);
  const [r] = await queryRows<{ total: number; today: number; today_ip: number }>(
    db,
    sql`select count(*)::int as total,
               count(*) filter (where create_time >= ${from}::timestamp and create_time < ${to}::timestamp)::int as today,
               count(distinct ip) filter (where create_time >= ${from}::timestamp and create_time < ${to}::timestamp)::int as today_ip
          from sys_log
         where log_type = 1 and log_content like ${SUCCESS_LINE}`,
  );
  return {
    totalVisitCount: Number(r?.total ?? 0),
    todayVisitCount: Number(r?.today ?? 0),
    todayIp: Number(r?.today_ip ?? 0),
  };
}

export interface VisitDay {
  visit: number;
  ip: number;
  tian: string;
  type: string;
}

/** GET /sys/visitInfo: the last 7 days including today (GMT+8), only days with sign-ins, oldest first */
export async function visitInfo(db: Db): Promise<VisitDay[]> {
  const today = dayStartGmt8();
  const from = ts(today - 6 * DAY_MS);
  const to = ts(today + DAY_MS);
  const rows = await queryRows<{ tian: string; type: string; visit: number; ip: number }>(
    db,
    sql`select to_char(create_time + interval '8 hours', 'YYYY-MM-DD') as tian,
               to_char(create_time + interval '8 hours', 'MM-DD') as type,
               count(*)::int as visit,
               count(distinct ip)::int as ip
          from sys_log
         where log_type = 1 and log_content like ${SUCCESS_LINE}
           and create_time >= ${from}::timestamp and create_time < ${to}::timestamp
         group by 1, 2
         order by 1 asc`,
  );
  return rows.map((r) => ({ visit: Number(r.visit), ip: Number(r.ip), tian: r.tian, type: r.type }));
}
