import { exampleItem, exampleProject, exampleRule, exampleTransfer } from '../schema/index.ts';
import type { AreaSeedContext } from './area-seed.ts';
import { seedId } from './ids.ts';

/**
 * Rows behind the template's example pages (issue 16): 查询表格's rules, the items that 标准列表 / 卡片列表 / 搜索列表 and
 * the workplace's projects card show, one transfer (高级详情页) and one warehouse with members (基础详情页).
 */

const TITLES = ['Alipay', 'Angular', 'Ant Design', 'Ant Design Pro', 'Bootstrap', 'React', 'Vue', 'Webpack'] as const;
const OWNERS = ['付小小', '曲丽丽', '林东东', '周星星', '吴加好', '朱偏右', '鱼酱', '乐哥', '谭小仪', '仲尼'] as const;
const DESCRIPTIONS = [
  '那是一种内在的东西，他们到达不了，也无法触及的',
  '希望是一个好东西，也许是最好的，好东西是不会消亡的',
  '生命就像一盒巧克力，结果往往出人意料',
  '城镇中有那么多的酒馆，她却偏偏走进了我的酒馆',
  '那时候我只会想自己想要什么，从不想自己拥有什么',
] as const;
const CATEGORIES = ['design', 'develop', 'operate', 'product', 'test', 'teach'] as const;
const STATUSES = ['active', 'exception', 'normal', 'success'] as const;
const COLORS = ['#f56a00', '#7265e6', '#ffbf00', '#00a2ae', '#1890ff', '#87d068', '#eb2f96', '#722ed1'] as const;

/** number of seeded rules / items (tests page through them) */
export const SEED_RULE_COUNT = 46;
export const SEED_ITEM_COUNT = 24;

export const SEED_TRANSFER_ID = seedId('example_transfer:1');
export const SEED_PROJECT_ID = seedId('example_project:1');

export async function seedExampleArea({ tx, audit }: AreaSeedContext): Promise<void> {
  const t0 = audit.createTime.getTime();
  const hour = 3_600_000;
  await tx.insert(exampleRule).values(
    Array.from({ length: SEED_RULE_COUNT }, (_, i) => ({
      id: seedId(`example_rule:${i}`),
      no: `TradeCode ${String(i + 1).padStart(2, '0')}`,
      description: `${DESCRIPTIONS[i % DESCRIPTIONS.length]}`,
      callNo: (i * 7919) % 1000,
      status: (i * 3) % 4,
      ...audit,
      updateBy: audit.createBy,
      updateTime: new Date(t0 - i * hour),
    })),
  );
  await tx.insert(exampleItem).values(
    Array.from({ length: SEED_ITEM_COUNT }, (_, i) => {
      const title = TITLES[i % TITLES.length];
      return {
        id: seedId(`example_item:${i}`),
        title: i < TITLES.length ? title : `${title} ${Math.floor(i / TITLES.length) + 1}`,
        owner: OWNERS[i % OWNERS.length],
        avatar: COLORS[i % COLORS.length],
        description: DESCRIPTIONS[i % DESCRIPTIONS.length],
        href: 'https://ant.design',
        percent: (i * 37) % 101,
        status: STATUSES[i % STATUSES.length],
        category: CATEGORIES[i % CATEGORIES.length],
        tags: ['答题', '组卷', '阅卷', '监考'].filter((_, k) => (i + k) % 2 === 0).join(','),
        content:
          '段落示意：蚂蚁金服设计平台 ant.design，用最小的工作量，无缝接入蚂蚁金服生态，提供跨越设计与开发的体验解决方案。',
        star: 100 + ((i * 53) % 90),
        likes: 50 + ((i * 29) % 120),
        messages: (i * 11) % 30,
        activeUser: 10_000 + ((i * 7717) % 90_000),
        newUser: 500 + ((i * 313) % 1500),
        startAt: new Date(t0 - i * 2 * hour),
        ...audit,
        createTime: new Date(t0 - i * 1000),
      };
    }),
  );
  await tx.insert(exampleTransfer).values({
    id: SEED_TRANSFER_ID,
    payAccount: 'ant-design@alipay.com',
    receiverType: 'alipay',
    receiverAccount: 'test@example.com',
    receiverName: 'Alex',
    amount: 500,
    remark: '示例转账',
    status: 1,
    ...audit,
  });
  await tx.insert(exampleProject).values({
    id: SEED_PROJECT_ID,
    name: '答题题库仓库',
    url: 'question-bank',
    owner: '付小小',
    approver: '曲丽丽',
    startDate: '2030-01-01',
    endDate: '2030-12-31',
    type: 'private',
    taskName: '题库季度盘点',
    taskDescription: '核对题目与答案、清理重复题',
    executor: '林东东',
    responsible: '周星星',
    taskTime: '09:30',
    taskType: 'public',
    members: [
      { name: '林东东', workId: '00001', department: '研发部' },
      { name: '周星星', workId: '00002', department: '运营部' },
      { name: '吴加好', workId: '00003', department: '财务部' },
    ],
    ...audit,
  });
}
