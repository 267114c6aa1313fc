import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, idColumn } from './columns.ts';

/**
 * The answer business (答题管理, issue 16; docs/decisions/034-answer-booking.md).
 *
 * answer_session (答题场次): status is derived from the times (0 未开始, 1 进行中, 2 已结束) unless `cancelled` = 1
 * (3 已取消; dict answer_session_status). `booked_count` counts the active reservations (待确认/已确认/已签到/缺席) and is
 * only ever raised by the conditional update `booked_count < capacity` in the booking transaction, so capacity cannot
 * be exceeded by concurrent bookings.
 */
export const answerSession = pgTable(
  'answer_session',
  {
    id: idColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    /** dict answer_subject */
    subject: varchar('subject', { length: 32 }),
    startTime: timestamp('start_time', { mode: 'date' }).notNull(),
    endTime: timestamp('end_time', { mode: 'date' }).notNull(),
    place: varchar('place', { length: 200 }),
    onlineLink: varchar('online_link', { length: 500 }),
    capacity: integer('capacity').notNull(),
    bookedCount: integer('booked_count').notNull().default(0),
    reserveStart: timestamp('reserve_start', { mode: 'date' }).notNull(),
    reserveEnd: timestamp('reserve_end', { mode: 'date' }).notNull(),
    /** 1 = 已取消 (overrides the derived status) */
    cancelled: integer('cancelled').notNull().default(0),
    cancelReason: varchar('cancel_reason', { length: 500 }),
    cancelBy: varchar('cancel_by', { length: 64 }),
    cancelTime: timestamp('cancel_time', { mode: 'date' }),
    /** rich text, sanitised on save (packages/contract allow-list) */
    description: text('description'),
    /** set by the absence job once it has marked the session's unconfirmed attendees 缺席 */
    absenceMarked: integer('absence_marked').notNull().default(0),
    ...audit,
    delFlag: integer('del_flag').notNull().default(0),
    sysOrgCode: varchar('sys_org_code', { length: 64 }),
    tenantId: integer('tenant_id').notNull().default(0),
  },
  (t) => [
    index('idx_answer_session_start').on(t.startTime),
    index('idx_answer_session_end').on(t.endTime),
    index('idx_answer_session_tenant').on(t.tenantId),
  ],
);

/**
 * answer_reservation (答题预约). person_type '1' system user (user_id), '2' outside person (name, mobile, id_card).
 * status (dict answer_reservation_status): '0' 待确认, '1' 已确认, '2' 已签到, '3' 已取消, '4' 缺席.
 * person_key ('u:' + user id or 'p:' + ID number) with the partial unique index: one active reservation of a person per
 * session, enforced by the database.
 */
export const answerReservation = pgTable(
  'answer_reservation',
  {
    id: idColumn(),
    reservationNo: varchar('reservation_no', { length: 64 }).notNull(),
    sessionId: varchar('session_id', { length: 36 }).notNull(),
    personType: varchar('person_type', { length: 2 }).notNull(),
    userId: varchar('user_id', { length: 36 }),
    username: varchar('username', { length: 100 }),
    name: varchar('name', { length: 100 }).notNull(),
    mobile: varchar('mobile', { length: 32 }),
    idCard: varchar('id_card', { length: 18 }),
    personKey: varchar('person_key', { length: 64 }).notNull(),
    status: varchar('status', { length: 2 }).notNull().default('0'),
    confirmBy: varchar('confirm_by', { length: 64 }),
    confirmTime: timestamp('confirm_time', { mode: 'date' }),
    checkinBy: varchar('checkin_by', { length: 64 }),
    checkinTime: timestamp('checkin_time', { mode: 'date' }),
    cancelBy: varchar('cancel_by', { length: 64 }),
    cancelTime: timestamp('cancel_time', { mode: 'date' }),
    cancelReason: varchar('cancel_reason', { length: 500 }),
    remark: varchar('remark', { length: 500 }),
    ...audit,
    delFlag: integer('del_flag').notNull().default(0),
    sysOrgCode: varchar('sys_org_code', { length: 64 }),
    tenantId: integer('tenant_id').notNull().default(0),
  },
  (t) => [
    uniqueIndex('uniq_answer_reservation_no').on(t.reservationNo),
    uniqueIndex('uniq_answer_reservation_active')
      .on(t.sessionId, t.personKey)
      .where(sql`status in ('0','1','2') and del_flag = 0`),
    index('idx_answer_reservation_session').on(t.sessionId, t.status),
    index('idx_answer_reservation_user').on(t.userId),
    index('idx_answer_reservation_create_time').on(t.createTime),
    index('idx_answer_reservation_tenant').on(t.tenantId),
  ],
);
