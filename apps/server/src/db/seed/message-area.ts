import { and, eq, inArray } from 'drizzle-orm';
import { sysAnnouncement, sysDict, sysDictItem, sysMessageTemplate } from '../schema/index.ts';
import type { AreaSeedContext } from './area-seed.ts';
import { seedId } from './ids.ts';

/** Demo rows of the message center and announcements: three message templates and one published welcome notice. */
export const SEED_TEMPLATES = [
  {
    templateCode: 'SYS_NOTICE',
    templateName: '系统维护通知',
    templateType: '3',
    templateContent: '<p>尊敬的 ${name}，您好：</p><p>系统将于 ${time} 进行升级维护，届时请暂停答题与阅卷操作。</p>',
    templateTestJson: '{"name":"管理员","time":"2030-01-01 22:00"}',
  },
  {
    templateCode: 'EMAIL_EXAM',
    templateName: '考试提醒邮件',
    templateType: '2',
    templateContent: '${name} 同学：您报名的《${exam}》将于 ${time} 开始，请提前 15 分钟进入考场。',
    templateTestJson: '{"name":"张三","exam":"安全生产知识测试","time":"2030-01-02 09:00"}',
  },
  {
    templateCode: 'SMS_EXAM',
    templateName: '考试提醒短信',
    templateType: '1',
    templateContent: '【答题系统】${name}，您的考试《${exam}》将于 ${time} 开始。',
    templateTestJson: '{"name":"张三","exam":"安全生产知识测试","time":"明天 09:00"}',
  },
] as const;

export const WELCOME_ANNOUNCEMENT_ID = seedId('announcement:welcome');

export async function seedMessageArea({ tx, audit }: AreaSeedContext): Promise<void> {
  await tx
    .insert(sysMessageTemplate)
    .values(SEED_TEMPLATES.map((t) => ({ id: seedId(`template:${t.templateCode}`), ...t, ...audit })));

  await tx.insert(sysAnnouncement).values({
    id: WELCOME_ANNOUNCEMENT_ID,
    titile: '欢迎使用答题系统后台',
    msgAbstract: '系统已就绪，常用功能一览',
    msgContent:
      '<p>欢迎使用<strong>答题系统后台</strong>。</p><ul><li>在「系统管理」中维护用户、角色、部门与字典；</li><li>在「系统通告」中发布通知，所有在线用户会即时收到提醒；</li><li>在「我的消息」中查看和标记自己的通知。</li></ul>',
    sender: 'admin',
    priority: 'L',
    msgCategory: '1',
    msgType: 'ALL',
    sendStatus: '1',
    sendTime: audit.createTime,
    delFlag: '0',
    ...audit,
  });

  // es_type / template_type 3 is the system-message channel of this rewrite (JeecgBoot's demo dictionary said 微信)
  const [dict] = await tx.select({ id: sysDict.id }).from(sysDict).where(eq(sysDict.dictCode, 'msgType')).limit(1);
  if (dict) {
    await tx
      .update(sysDictItem)
      .set({ itemText: '系统消息' })
      .where(and(eq(sysDictItem.dictId, dict.id), inArray(sysDictItem.itemValue, ['3'])));
  }
}
