import { z } from 'zod';
import { gmt8DateTime, requiredStr } from '../../platform/validation.ts';
import { ID_CARD_MESSAGE, isIdCard, isMobile, MOBILE_MESSAGE, PERSON_TYPE } from './rules.ts';

/** Bodies of the answer module's writes. Forms and Excel send '' for an empty field: '' means "no value". */

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const optText = (label: string, max: number) =>
  z.preprocess(
    blankToNull,
    z
      .string({ message: `${label}必须是文本` })
      .trim()
      .max(max, `${label}长度不能超过 ${max} 个字符`)
      .nullish(),
  );

const capacity = z.preprocess(
  (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : v),
  z
    .number({ message: '容量必须是整数' })
    .int('容量必须是整数')
    .min(1, '容量至少为 1')
    .max(100_000, '容量不能超过 100000'),
);

const link = z.preprocess(
  blankToNull,
  z
    .string({ message: '线上链接必须是文本' })
    .trim()
    .max(500, '线上链接长度不能超过 500 个字符')
    .regex(/^https?:\/\/[^\s<>"']+$/i, '线上链接必须以 http:// 或 https:// 开头')
    .nullish(),
);

const sessionFields = {
  subject: optText('科目', 32),
  place: optText('答题地点', 200),
  onlineLink: link,
  description: z.preprocess(blankToNull, z.string().max(200_000, '场次说明过长').nullish()),
};

export const SessionAdd = z
  .object({
    name: requiredStr('场次名称', 100),
    startTime: gmt8DateTime('开始时间'),
    endTime: gmt8DateTime('结束时间'),
    capacity,
    reserveStart: gmt8DateTime('预约开始时间'),
    reserveEnd: gmt8DateTime('预约截止时间'),
    ...sessionFields,
  })
  .loose();

export const SessionEdit = z
  .object({
    id: requiredStr('id', 36),
    name: requiredStr('场次名称', 100).optional(),
    startTime: gmt8DateTime('开始时间').optional(),
    endTime: gmt8DateTime('结束时间').optional(),
    capacity: capacity.optional(),
    reserveStart: gmt8DateTime('预约开始时间').optional(),
    reserveEnd: gmt8DateTime('预约截止时间').optional(),
    ...sessionFields,
  })
  .loose();

export const SessionCancel = z.object({
  id: requiredStr('id', 36),
  reason: requiredStr('取消原因', 500),
});

const personType = z.enum([PERSON_TYPE.user, PERSON_TYPE.outside], {
  message: '预约对象只能是 1（系统用户）或 2（外部人员）',
});

const mobile = z.preprocess(
  blankToNull,
  z
    .string({ message: MOBILE_MESSAGE })
    .trim()
    .refine((v) => isMobile(v), MOBILE_MESSAGE)
    .nullish(),
);
const idCard = z.preprocess(
  blankToNull,
  z
    .string({ message: ID_CARD_MESSAGE })
    .trim()
    .refine((v) => isIdCard(v), ID_CARD_MESSAGE)
    .nullish(),
);

/** a system user needs userId; an outside person needs name, mobile and ID number (all validated) */
function personRules(
  v: {
    personType?: string;
    userId?: string | null;
    name?: string | null;
    mobile?: string | null;
    idCard?: string | null;
  },
  ctx: z.RefinementCtx,
) {
  if (v.personType === PERSON_TYPE.user) {
    if (!v.userId) ctx.addIssue({ code: 'custom', path: ['userId'], message: '请选择预约用户' });
  } else if (v.personType === PERSON_TYPE.outside) {
    if (!v.name) ctx.addIssue({ code: 'custom', path: ['name'], message: '请输入姓名' });
    if (!v.mobile) ctx.addIssue({ code: 'custom', path: ['mobile'], message: '请输入手机号' });
    if (!v.idCard) ctx.addIssue({ code: 'custom', path: ['idCard'], message: '请输入身份证号码' });
  }
}

const reservationFields = {
  userId: optText('预约用户', 36),
  name: optText('姓名', 100),
  mobile,
  idCard,
  remark: optText('备注', 500),
};

export const ReservationAdd = z
  .object({
    sessionId: requiredStr('答题场次', 36),
    personType: personType.default(PERSON_TYPE.outside),
    ...reservationFields,
  })
  .loose()
  .superRefine(personRules);

export const ReservationEdit = z
  .object({
    id: requiredStr('id', 36),
    sessionId: optText('答题场次', 36),
    personType: personType.optional(),
    ...reservationFields,
  })
  .loose();

export const IdsBody = z.object({ ids: requiredStr('ids', 40_000) });
export const CancelBody = z.object({
  ids: requiredStr('ids', 40_000),
  reason: requiredStr('取消原因', 500),
});
