import { z } from 'zod';
import { parseGmt8 } from '../../platform/list-query.ts';
import { requiredStr } from '../../platform/validation.ts';

/** Input of /sys/annountCement add/edit (contract §4.8, security rule 8). Nulls from the form mean "empty". */

const optional = (label: string, max: number) =>
  z
    .string({ message: `${label}必须是字符串` })
    .max(max, `${label}长度不能超过 ${max} 个字符`)
    .nullish();

const dateTime = (label: string) =>
  z
    .string({ message: `${label}必须是字符串` })
    .nullish()
    .refine((v) => !v || parseGmt8(v) !== null, `${label}格式应为 yyyy-MM-dd HH:mm:ss`);

const oneOf = <T extends string>(values: readonly [T, ...T[]], message: string) =>
  z.string({ message }).refine((v): v is T => (values as readonly string[]).includes(v), message);

export const PRIORITY_MESSAGE = '优先级只能是 L（低）、M（中）或 H（高）';
export const CATEGORY_MESSAGE = '消息类型只能是 1（通知公告）或 2（系统消息）';
export const MSG_TYPE_MESSAGE = '通告对象类型只能是 ALL（全体用户）或 USER（指定用户）';
export const OPEN_TYPE_MESSAGE = '打开方式只能是 url 或 component';

export const AnnouncementFields = z.object({
  titile: requiredStr('标题', 100),
  msgContent: optional('内容', 500_000),
  startTime: dateTime('开始时间'),
  endTime: dateTime('结束时间'),
  priority: oneOf(['L', 'M', 'H'], PRIORITY_MESSAGE),
  msgCategory: oneOf(['1', '2'], CATEGORY_MESSAGE),
  msgType: oneOf(['ALL', 'USER'], MSG_TYPE_MESSAGE),
  userIds: optional('指定用户', 40_000),
  msgAbstract: optional('摘要', 2000),
  openType: z
    .string({ message: OPEN_TYPE_MESSAGE })
    .nullish()
    .refine((v) => !v || v === 'url' || v === 'component', OPEN_TYPE_MESSAGE),
  openPage: optional('页面地址', 255),
  busType: optional('业务类型', 20),
  busId: optional('业务ID', 50),
});
export type AnnouncementFields = z.output<typeof AnnouncementFields>;

export const AddAnnouncementBody = AnnouncementFields;

/** edit: the id plus any of the fields (absent fields keep their value, like MyBatis updateById) */
export const EditAnnouncementBody = AnnouncementFields.partial().extend({ id: requiredStr('id', 36) });

export const IdQuery = z.object({ id: requiredStr('id', 36) });
export const IdsQuery = z.object({ ids: requiredStr('ids', 40_000) });
export const AnntIdBody = z.object({ anntId: requiredStr('anntId', 36) });
export const SyncQuery = z.object({ anntId: optional('anntId', 36) });

export const MyAnnouncementQuery = z.object({
  titile: optional('标题', 100),
  sender: optional('发布人', 100),
  readFlag: z
    .string()
    .nullish()
    .refine((v) => !v || v === '0' || v === '1', '阅读状态只能是 0（未读）或 1（已读）'),
  busType: optional('业务类型', 20),
  msgCategory: z
    .string()
    .nullish()
    .refine((v) => !v || v === '1' || v === '2', CATEGORY_MESSAGE),
  bizSource: optional('业务来源', 50),
  // 0 and below = the first page, as MyBatis-Plus pages (the 3.2 client sends 0 after deleting a page's last rows)
  pageNo: z.coerce
    .number({ message: '必须是数字' })
    .int('必须是整数')
    .transform((n) => Math.max(1, n))
    .optional(),
  pageSize: z.coerce.number({ message: '必须是数字' }).int('必须是整数').min(1, '不能小于 1').max(1000).optional(),
});

/** admin CRUD of sys_announcement_send */
export const SendFields = z.object({
  anntId: requiredStr('通告ID', 36),
  userId: requiredStr('用户ID', 36),
  readFlag: z
    .string()
    .nullish()
    .refine((v) => !v || v === '0' || v === '1', '阅读状态只能是 0（未读）或 1（已读）'),
});
export const EditSendBody = SendFields.partial().extend({ id: requiredStr('id', 36) });
