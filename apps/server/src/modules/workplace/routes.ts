import { ok, type TaskCard, WORKPLACE_PATHS } from '@answer/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Access } from '../../context.ts';
import { pageDataRules } from '../../platform/data-rules.ts';
import { Permissions } from '../../platform/permissions.ts';
import { tenantOf } from '../../platform/tenant-scope.ts';
import { parse } from '../../platform/validation.ts';
import { listByUser } from '../announcement/service.ts';
import { MONITOR_PAGES } from '../monitor/routes.ts';
import { OverviewProbe, overview } from './overview.ts';
import {
  callStats,
  failedJobRuns,
  menuLinks,
  pendingReservations,
  postsOf,
  radarOf,
  recentActivity,
  rolesOf,
  sessionsToday,
  TASK_PAGES,
  teamsOf,
} from './service.ts';

/** the live overview (dashboard/Monitor) shows the figures of the runtime / HTTP / server monitoring pages */
export const OVERVIEW_ACCESS: Access = { menu: [MONITOR_PAGES.jvm, MONITOR_PAGES.tomcat, MONITOR_PAGES.system] };

const paging = z.object({
  pageNo: z.coerce.number().int('页码必须是整数').min(1, '页码必须大于0').max(10_000, '页码过大').default(1),
  pageSize: z.coerce
    .number()
    .int('每页条数必须是整数')
    .min(1, '每页条数必须大于0')
    .max(100, '每页最多100条')
    .default(10),
});

/**
 * 工作台 / 个人中心 / 任务 / 监控 dashboards (issue 16, contract-2 §6). The original client's `/mock/api/*` calls are
 * answered with the signed-in user's own data (Result envelopes): activity = their operation log, teams = their
 * departments, radar = their activity by kind next to their departments', role = their roles, service = the API
 * resources they called. `/dashboard/*` are ours: the task cards, the profile and the live server overview.
 */
export default async function workplaceRoutes(app: FastifyInstance) {
  const me = (req: FastifyRequest) => req.auth!.user;
  const mine = { config: { access: 'authenticated' as const } };

  app.get(WORKPLACE_PATHS.activity, mine, async (req) => ok(await recentActivity(app.ctx.db, me(req))));
  app.get(WORKPLACE_PATHS.teams, mine, async (req) => ok(await teamsOf(app.ctx.db, me(req).id)));
  app.get(WORKPLACE_PATHS.radar, mine, async (req) => ok(await radarOf(app.ctx.db, me(req))));
  app.get(WORKPLACE_PATHS.role, mine, async (req) => ok(await rolesOf(app.ctx.db, me(req).id)));
  app.get(WORKPLACE_PATHS.service, mine, async (req) => {
    const q = parse(paging, req.query);
    return ok(await callStats(app.ctx.db, me(req), q.pageNo, q.pageSize));
  });

  // 个人中心: positions, departments and roles by name
  app.get(WORKPLACE_PATHS.profile, mine, async (req) => {
    const user = me(req);
    const [posts, departs, roles] = await Promise.all([
      postsOf(app.ctx.db, user.post),
      teamsOf(app.ctx.db, user.id),
      rolesOf(app.ctx.db, user.id),
    ]);
    return ok({ posts, departs, roles });
  });

  // 任务: the cards of the pages the user is granted, each with its drill-down link
  app.get(WORKPLACE_PATHS.tasks, mine, async (req) => {
    const user = me(req);
    const { db } = app.ctx;
    const tenancy = tenantOf(req);
    const granted = await app.ctx.perms.of(user.id);
    const has = (component: string) => Permissions.allows(granted, { menu: component });
    const links = await menuLinks(db, Object.values(TASK_PAGES));
    const link = (component: string) => (has(component) ? (links.get(component) ?? null) : null);
    const cards: TaskCard[] = [];
    if (has(TASK_PAGES.reservations)) {
      const rules = await pageDataRules(app.ctx, user, TASK_PAGES.reservations);
      const r = await pendingReservations(db, tenancy, rules);
      // the drill-down opens the list filtered on 待确认 (ReservationList reads ?status=)
      const to = link(TASK_PAGES.reservations);
      cards.push({ key: 'reservations', title: '待确认预约', link: to && `${to}?status=0`, ...r });
    }
    if (has(TASK_PAGES.reservations) || has(TASK_PAGES.sessions)) {
      const r = await sessionsToday(db, tenancy);
      cards.push({
        key: 'sessions',
        title: '今日场次',
        link: link(TASK_PAGES.sessions) ?? link(TASK_PAGES.reservations),
        ...r,
      });
    }
    // every user has their own notices (the bell); the card links to 我的消息 when that page is granted
    const notices = await listByUser(app, { ...user, tenancy });
    cards.push({
      key: 'notices',
      title: '未读消息',
      link: link(TASK_PAGES.notices),
      count: notices.anntMsgTotal + notices.sysMsgTotal,
      items: [...notices.anntMsgList, ...notices.sysMsgList]
        .sort((a, b) => String(b.createTime ?? '').localeCompare(String(a.createTime ?? '')))
        .slice(0, 5)
        .map((a) => ({
          id: String(a.id),
          title: String(a.titile ?? ''),
          description: (a.msgAbstract as string | null) ?? null,
          time: (a.sendTime as string | null) ?? (a.createTime as string | null) ?? null,
        })),
    });
    if (has(TASK_PAGES.jobs)) {
      const r = await failedJobRuns(db);
      cards.push({ key: 'jobs', title: '失败的任务执行', link: link(TASK_PAGES.jobs), ...r });
    }
    return ok({ cards });
  });

  // 监控: one envelope of the monitoring pages' own figures (polled)
  const probe = new OverviewProbe(app);
  app.addHook('onClose', async () => probe.close());
  app.get(WORKPLACE_PATHS.monitor, { config: { access: OVERVIEW_ACCESS, background: true } }, async () =>
    ok(await overview(app, probe)),
  );
}
