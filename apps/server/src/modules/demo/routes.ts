import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../platform/crud.ts';
import { jeecgDemo } from './jeecg-demo.ts';
import { jeecgOrder, registerOrderSubLists } from './order.ts';
import { registerOrderTab } from './order-tab.ts';
import { registerPdfList } from './pdf-list.ts';
import { registerVxeMock } from './vxe-mock.ts';
import { registerVxeSocket } from './vxe-socket.ts';

/**
 * JeecgBoot's demo module (contract-2 §5, issue 12): 单表模型示例 `/test/jeecgDemo`, 一对多示例 `/test/jeecgOrderMain`
 * (main + customers + tickets in one transaction), the JVxeTable demos' `/mock/vxe/*` and the live table socket
 * `/vxeSocket/{userId}/{pageId}` (contract §6.2) and PDF预览's `/mock/api/pdfList`.
 */
export default async function demoRoutes(app: FastifyInstance): Promise<void> {
  registerCrud(app, jeecgDemo);
  registerCrud(app, jeecgOrder);
  registerOrderSubLists(app);
  registerOrderTab(app);
  registerVxeMock(app);
  registerPdfList(app);
  await registerVxeSocket(app);
}
