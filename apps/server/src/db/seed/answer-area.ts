import { personKeyOf } from '../../modules/answer/rules.ts';
import { gmt8Day } from '../../modules/fill-rule/handlers.ts';
import {
  answerReservation,
  answerSession,
  sysFillRule,
  sysFillRuleCounter,
  sysPermissionDataRule,
  sysQuartzJob,
} from '../schema/index.ts';
import { type AreaSeedContext, seedDicts } from './area-seed.ts';
import { type DictSeed, USER_IDS } from './data.ts';
import { seedId } from './ids.ts';

/**
 * The answer business (答题管理, issue 16): its dictionaries, the fill rule of reservation numbers, the job that marks
 * 缺席, a disabled-by-default data rule "本部门" on the reservation list, and a few demo sessions and reservations
 * so the pages and the analysis card are not empty on a new installation.
 */

export const ANSWER_DICTS: readonly DictSeed[] = [
  {
    code: 'answer_subject',
    name: '答题科目',
    items: [
      ['safety', '安全知识'],
      ['law', '法律法规'],
      ['party', '党史学习'],
      ['tech', '专业技术'],
      ['general', '综合知识'],
    ],
  },
  {
    code: 'answer_session_status',
    name: '答题场次状态',
    items: [
      ['0', '未开始'],
      ['1', '进行中'],
      ['2', '已结束'],
      ['3', '已取消'],
    ],
  },
  {
    code: 'answer_reservation_status',
    name: '答题预约状态',
    items: [
      ['0', '待确认'],
      ['1', '已确认'],
      ['2', '已签到'],
      ['3', '已取消'],
      ['4', '缺席'],
    ],
  },
  // the quiz (quiz-contract §1)
  {
    code: 'question_type',
    name: '题型',
    items: [
      ['1', '单选'],
      ['2', '多选'],
      ['3', '判断'],
      ['4', '填空'],
      ['5', '简答'],
    ],
  },
  {
    code: 'question_difficulty',
    name: '题目难度',
    items: [
      ['1', '很易'],
      ['2', '较易'],
      ['3', '中等'],
      ['4', '较难'],
      ['5', '很难'],
    ],
  },
  {
    code: 'quiz_exam_status',
    name: '考试状态',
    items: [
      ['0', '未发布'],
      ['1', '已发布'],
      ['2', '进行中'],
      ['3', '已结束'],
    ],
  },
  {
    code: 'quiz_attempt_status',
    name: '答题记录状态',
    items: [
      ['0', '答题中'],
      ['1', '已交卷'],
      ['2', '已阅卷'],
    ],
  },
  {
    code: 'answer_person_type',
    name: '预约对象类型',
    items: [
      ['1', '系统用户'],
      ['2', '外部人员'],
    ],
  },
];

export const ANSWER_FILL_RULE = {
  code: 'answer_reservation_no',
  name: '答题预约编号',
  ruleClass: 'shop_order_num',
  ruleParams: JSON.stringify({ prefix: 'YY', digits: 4 }),
} as const;

export const ABSENCE_JOB_CLASS = 'org.jeecg.modules.answer.job.AnswerAbsenceJob';

/** an 18-digit ID number with its check digit (demo persons only) */
function idWithCheck(first17: string): string {
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let s = 0;
  for (let i = 0; i < 17; i++) s += Number(first17[i]) * w[i];
  return first17 + '10X98765432'[s % 11];
}

const H = 3_600_000;
const D = 24 * H;

export async function seedAnswerArea({ tx, audit }: AreaSeedContext): Promise<void> {
  await seedDicts({ tx, audit }, ANSWER_DICTS);
  await tx.insert(sysFillRule).values({
    id: seedId(`fill_rule:${ANSWER_FILL_RULE.code}`),
    ruleName: ANSWER_FILL_RULE.name,
    ruleCode: ANSWER_FILL_RULE.code,
    ruleClass: ANSWER_FILL_RULE.ruleClass,
    ruleParams: ANSWER_FILL_RULE.ruleParams,
    ...audit,
  });
  await tx.insert(sysQuartzJob).values({
    id: seedId('quartz:answer-absence'),
    jobClassName: ABSENCE_JOB_CLASS,
    cronExpression: '0 0/5 * * * ?',
    parameter: null,
    description: '答题场次结束后，将未签到的预约标记为缺席',
    status: 0,
    delFlag: 0,
    ...audit,
  });
  // offered, not applied: an administrator grants it to a role on 答题预约 (角色授权 → 数据权限)
  await tx.insert(sysPermissionDataRule).values({
    id: seedId('data_rule:answer:own-depart'),
    permissionId: seedId('menu:/answer/reservation'),
    ruleName: '本部门预约',
    ruleColumn: 'sysOrgCode',
    ruleConditions: '=',
    ruleValue: '#{sys_org_code}',
    status: '1',
    ...audit,
  });

  const now = audit.createTime.getTime();
  const day0 = now - (now % H);
  const sessions = [
    {
      key: 'ended',
      name: '安全生产知识竞赛（初赛）',
      subject: 'safety',
      startTime: new Date(day0 - 7 * D),
      endTime: new Date(day0 - 7 * D + 2 * H),
      place: '一号楼 301 会议室',
      onlineLink: null,
      capacity: 30,
      reserveStart: new Date(day0 - 14 * D),
      reserveEnd: new Date(day0 - 7 * D - H),
      absenceMarked: 1,
    },
    {
      key: 'upcoming',
      name: '法律法规线上答题',
      subject: 'law',
      startTime: new Date(day0 + 3 * D),
      endTime: new Date(day0 + 3 * D + 90 * 60_000),
      place: null,
      onlineLink: 'https://exam.example.com/room/1001',
      capacity: 50,
      reserveStart: new Date(day0 - 2 * D),
      reserveEnd: new Date(day0 + 3 * D - H),
      absenceMarked: 0,
    },
    {
      key: 'later',
      name: '专业技术能力测评',
      subject: 'tech',
      startTime: new Date(day0 + 10 * D),
      endTime: new Date(day0 + 10 * D + 3 * H),
      place: '培训中心 A201',
      onlineLink: null,
      capacity: 20,
      reserveStart: new Date(day0 - D),
      reserveEnd: new Date(day0 + 9 * D),
      absenceMarked: 0,
    },
  ];
  const people = [
    { name: '陈晓明', mobile: '13912345678', idCard: idWithCheck('11010519900307123') },
    { name: '刘芳', mobile: '15800001111', idCard: idWithCheck('31010419880512224') },
    { name: '周杰', mobile: '18600002222', idCard: idWithCheck('44030519951120331') },
    { name: '吴敏', mobile: '13700003333', idCard: idWithCheck('32010219920218442') },
  ];
  // [session key, person index or user, status, days ago booked]
  const plan: Array<[string, number | 'admin' | 'jeecg', string, number]> = [
    ['ended', 0, '2', 9],
    ['ended', 1, '2', 9],
    ['ended', 2, '4', 8],
    ['ended', 'jeecg', '2', 8],
    ['upcoming', 0, '1', 2],
    ['upcoming', 3, '0', 1],
    ['upcoming', 'jeecg', '0', 1],
    ['later', 1, '0', 0],
    ['later', 'admin', '1', 0],
  ];
  const booked = new Map<string, number>();
  // numbers as the fill rule gives them (prefix, GMT+8 day of booking, daily sequence); its counters are seeded below
  const perDay = new Map<string, number>();
  const { prefix, digits } = JSON.parse(ANSWER_FILL_RULE.ruleParams) as { prefix: string; digits: number };
  const rows = plan.map(([key, who, status, ago], i) => {
    const s = sessions.find((x) => x.key === key)!;
    if (status !== '3') booked.set(key, (booked.get(key) ?? 0) + 1);
    const created = new Date(now - ago * D - (plan.length - i) * 60_000);
    const day = gmt8Day(created);
    const seq = (perDay.get(day) ?? 0) + 1;
    perDay.set(day, seq);
    const person =
      typeof who === 'number'
        ? {
            personType: '2',
            userId: null,
            username: null,
            ...people[who],
            personKey: personKeyOf({ personType: '2', idCard: people[who].idCard }),
          }
        : {
            personType: '1',
            userId: USER_IDS[who],
            username: who,
            name: who === 'admin' ? '管理员' : 'jeecg',
            mobile: null,
            idCard: null,
            personKey: personKeyOf({ personType: '1', userId: USER_IDS[who] }),
          };
    return {
      id: seedId(`answer_reservation:${i}`),
      reservationNo: `${prefix}${day}${String(seq).padStart(digits, '0')}`,
      sessionId: seedId(`answer_session:${key}`),
      ...person,
      status,
      confirmBy: status !== '0' ? 'admin' : null,
      confirmTime: status !== '0' ? new Date(created.getTime() + H) : null,
      checkinBy: status === '2' ? 'admin' : null,
      checkinTime: status === '2' ? new Date(s.startTime.getTime() + 5 * 60_000) : null,
      delFlag: 0,
      sysOrgCode: 'A01',
      tenantId: 0,
      ...audit,
      createTime: created,
    };
  });
  await tx.insert(answerSession).values(
    sessions.map(({ key, ...s }, i) => ({
      id: seedId(`answer_session:${key}`),
      ...s,
      bookedCount: booked.get(key) ?? 0,
      cancelled: 0,
      description: `<p>${s.name}：请提前 10 分钟到场（线上场次请提前进入房间），携带身份证件。</p>`,
      delFlag: 0,
      sysOrgCode: 'A01',
      tenantId: 0,
      ...audit,
      createTime: new Date(now - (sessions.length - i) * 1000),
    })),
  );
  await tx.insert(answerReservation).values(rows);
  // the next number the rule gives on a seeded day follows the seeded ones (no unique clash with YY…0001)
  await tx
    .insert(sysFillRuleCounter)
    .values([...perDay].map(([period, value]) => ({ ruleCode: ANSWER_FILL_RULE.code, period, value })));
}
