import type { MenuItem } from '@answer/contract';
import { Card, Col, Row, Skeleton, Statistic, theme } from 'antd';
import { useEffect, useState } from 'react';
import { type ReservationStats, reservationStats } from '../../api/answer';
import { BarAndLine } from '../../components/chart/BarAndLine';
import { useSession } from '../../stores/session';

/** the pages whose grant lets the server answer /answer/reservation/stats */
const STATS_PAGES = ['answer/ReservationList', 'answer/SessionList'];

/** whether the user's menu holds one of the answer pages (then the figures are fetched; else no 403 round trip) */
export function mayViewReservationStats(menu: readonly MenuItem[] | null | undefined): boolean {
  return (menu ?? []).some(
    (m) => STATS_PAGES.includes(String(m.component ?? '')) || mayViewReservationStats(m.children),
  );
}

/** MM-DD of a yyyy-MM-dd day */
export const dayLabel = (date: string) => date.slice(5);

/**
 * 答题预约 figures of the analysis dashboard (a chunk of its own, loaded after the home page): bookings and check-ins
 * per day, fill rate per session, no-show rate. Hidden for users who may not see reservations (the server answers 403).
 */
export default function ReservationFigures() {
  const [stats, setStats] = useState<ReservationStats | null>(null);
  const [state, setState] = useState<'loading' | 'ok' | 'hidden'>('loading');
  const { token } = theme.useToken();
  const allowed = mayViewReservationStats(useSession((st) => st.permissionList));
  useEffect(() => {
    if (!allowed) return;
    let live = true;
    reservationStats(14, { silent: true })
      .then((res) => {
        if (!live) return;
        if (res.success) {
          setStats(res.result);
          setState('ok');
        } else setState('hidden');
      })
      .catch(() => live && setState('hidden'));
    return () => {
      live = false;
    };
  }, [allowed]);
  if (!allowed || state === 'hidden') return null;
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }} data-testid="reservation-figures">
      <Col xs={24} xl={16}>
        <Card title="近14天答题预约" size="small">
          {!stats ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : (
            <BarAndLine
              title="近14天答题预约"
              height={260}
              names={{ bar: '预约数', line: '签到数' }}
              points={stats.bookingsPerDay.map((d) => ({
                key: d.date,
                label: dayLabel(d.date),
                bar: d.count,
                line: d.checkins,
              }))}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card title="场次满员率与缺席率" size="small">
          {!stats ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : (
            <>
              <div title={`已结束场次中应到 ${stats.noShow.due} 人，缺席 ${stats.noShow.absent} 人`}>
                <Statistic title="缺席率" value={stats.noShow.rate} precision={1} suffix="%" />
              </div>
              <div style={{ marginTop: 12 }}>
                {stats.sessions.length === 0 ? (
                  <div style={{ color: token.colorTextTertiary }}>暂无场次</div>
                ) : (
                  stats.sessions.map((s) => (
                    <div key={s.id} style={{ marginBottom: 8 }}>
                      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                        <span
                          style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                          title={s.name}
                        >
                          {s.name}
                        </span>
                        <span style={{ flex: 'none' }}>
                          {s.booked}/{s.capacity}
                        </span>
                      </div>
                      <div
                        role="progressbar"
                        aria-label={`${s.name} 满员率`}
                        aria-valuenow={s.fillRate}
                        aria-valuemin={0}
                        aria-valuemax={100}
                        title={`满员率 ${s.fillRate}%`}
                        style={{ height: 6, borderRadius: 3, background: token.colorFillSecondary, marginTop: 4 }}
                      >
                        <div
                          style={{
                            width: `${Math.min(100, s.fillRate)}%`,
                            height: '100%',
                            borderRadius: 3,
                            background: s.fillRate >= 100 ? token.colorError : token.colorPrimary,
                          }}
                        />
                      </div>
                    </div>
                  ))
                )}
              </div>
            </>
          )}
        </Card>
      </Col>
    </Row>
  );
}
