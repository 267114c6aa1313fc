import { demo, jeecgOrderCustomer, jeecgOrderMain, jeecgOrderTicket } from '../schema/index.ts';
import type { AreaSeedContext } from './area-seed.ts';
import { seedId } from './ids.ts';

/** Demo rows of 常见案例 (单表模型示例, 一对多示例) so those pages are not empty on a new installation. */
export const SEED_DEMOS = [
  { name: '张三', keyWord: '答题', sex: '1', age: 28, birthday: '1996-03-12', email: 'zhangsan@example.com' },
  { name: '李四', keyWord: '阅卷', sex: '1', age: 35, birthday: '1989-07-01', email: 'lisi@example.com' },
  { name: '王五', keyWord: '组卷', sex: '2', age: 24, birthday: '2000-11-23', email: 'wangwu@example.com' },
  { name: '赵六', keyWord: '监考', sex: '2', age: 41, birthday: '1983-01-30', email: 'zhaoliu@example.com' },
  { name: '孙七', keyWord: '报名', sex: '1', age: 30, birthday: '1994-05-18', email: 'sunqi@example.com' },
] as const;

export const SEED_ORDERS = [
  {
    orderCode: 'A001',
    ctype: '1',
    orderMoney: 2800,
    content: '北京至上海',
    customers: [
      { name: '张三', sex: '1', idcard: '110101199603120011', telphone: '13800000001' },
      { name: '李四', sex: '1', idcard: '110101198907010033', telphone: '13800000002' },
    ],
    tickets: [
      { ticketCode: 'CA1501', tickectDate: '2030-01-05' },
      { ticketCode: 'CA1502', tickectDate: '2030-01-12' },
    ],
  },
  {
    orderCode: 'A002',
    ctype: '2',
    orderMoney: 15600,
    content: '上海至新加坡',
    customers: [{ name: '王五', sex: '2', idcard: '310101200011230022', telphone: '13800000003' }],
    tickets: [{ ticketCode: 'MU5001', tickectDate: '2030-02-01' }],
  },
  {
    orderCode: 'A003',
    ctype: '1',
    orderMoney: 980.5,
    content: '广州至成都',
    customers: [],
    tickets: [],
  },
] as const;

export async function seedDemoArea({ tx, audit }: AreaSeedContext): Promise<void> {
  const day = 86_400_000;
  await tx.insert(demo).values(
    SEED_DEMOS.map((d, i) => ({
      id: seedId(`demo:${d.name}`),
      ...d,
      punchTime: new Date(audit.createTime.getTime() - (i + 1) * day),
      salaryMoney: 8000 + i * 1500.5,
      bonusMoney: 500 + i * 100,
      content: `${d.name}的示例数据`,
      sysOrgCode: 'A01',
      tenantId: 0,
      ...audit,
      // newest first in the list (order by create_time desc)
      createTime: new Date(audit.createTime.getTime() - i * 1000),
    })),
  );
  await tx.insert(jeecgOrderMain).values(
    SEED_ORDERS.map((o, i) => ({
      id: seedId(`order:${o.orderCode}`),
      orderCode: o.orderCode,
      ctype: o.ctype,
      orderDate: new Date(audit.createTime.getTime() - (i + 1) * day),
      orderMoney: o.orderMoney,
      content: o.content,
      ...audit,
      createTime: new Date(audit.createTime.getTime() - i * 1000),
    })),
  );
  const customers = SEED_ORDERS.flatMap((o) =>
    o.customers.map((c) => ({
      id: seedId(`order_customer:${o.orderCode}:${c.idcard}`),
      ...c,
      idcardPic: null,
      orderId: seedId(`order:${o.orderCode}`),
      ...audit,
    })),
  );
  const tickets = SEED_ORDERS.flatMap((o) =>
    o.tickets.map((t) => ({
      id: seedId(`order_ticket:${o.orderCode}:${t.ticketCode}`),
      ...t,
      orderId: seedId(`order:${o.orderCode}`),
      ...audit,
    })),
  );
  if (customers.length) await tx.insert(jeecgOrderCustomer).values(customers);
  if (tickets.length) await tx.insert(jeecgOrderTicket).values(tickets);
}
