import type { FastifyInstance } from 'fastify';
import addressBookRoutes from './address-book/routes.ts';
import announcementRoutes from './announcement/routes.ts';
import answerRoutes from './answer/routes.ts';
import authRoutes from './auth/routes.ts';
import categoryRoutes from './category/routes.ts';
import cgformDesignRoutes from './cgform/design/routes.ts';
import cgformRuntimeRoutes from './cgform/runtime/routes.ts';
import cgreportRoutes from './cgreport/routes.ts';
import checkRuleRoutes from './check-rule/routes.ts';
import commonRoutes from './common/routes.ts';
import dataLogRoutes from './data-log/routes.ts';
import dataSourceRoutes from './data-source/routes.ts';
import demoRoutes from './demo/routes.ts';
import departRoutes from './depart/routes.ts';
import dictRoutes from './dict/routes.ts';
import duplicateCheckRoutes from './duplicate-check/routes.ts';
import exampleRoutes from './example/routes.ts';
import fillRuleRoutes from './fill-rule/routes.ts';
import logRoutes from './log/routes.ts';
import messageRoutes from './message/routes.ts';
import messageTemplateRoutes from './message/templates.ts';
import monitorRoutes from './monitor/routes.ts';
import onlineRoutes from './online/routes.ts';
import ossRoutes from './oss/routes.ts';
import permissionRoutes from './permission/routes.ts';
import positionRoutes from './position/routes.ts';
import quartzRoutes from './quartz/routes.ts';
import quizBankRoutes from './quiz-bank/routes.ts';
import quizExamRoutes from './quiz-exam/routes.ts';
import roleRoutes from './role/routes.ts';
import superQueryRoutes from './super-query/routes.ts';
import tenantRoutes from './tenant/routes.ts';
import thirdAppRoutes from './third-app/routes.ts';
import userRoutes from './user/routes.ts';
import websocketRoutes from './websocket/routes.ts';
import workplaceRoutes from './workplace/routes.ts';

/** Every API module, registered under /jeecg-boot. */
export const apiModules: Array<(app: FastifyInstance) => Promise<void>> = [
  authRoutes,
  permissionRoutes,
  dictRoutes,
  categoryRoutes,
  checkRuleRoutes,
  fillRuleRoutes,
  duplicateCheckRoutes,
  logRoutes,
  commonRoutes,
  dataLogRoutes,
  websocketRoutes,
  announcementRoutes,
  messageRoutes,
  messageTemplateRoutes,
  roleRoutes,
  userRoutes,
  departRoutes,
  positionRoutes,
  tenantRoutes,
  onlineRoutes,
  addressBookRoutes,
  thirdAppRoutes,
  quartzRoutes,
  demoRoutes,
  monitorRoutes,
  ossRoutes,
  dataSourceRoutes,
  cgreportRoutes,
  superQueryRoutes,
  cgformDesignRoutes,
  cgformRuntimeRoutes,
  answerRoutes,
  quizExamRoutes,
  quizBankRoutes,
  workplaceRoutes,
  exampleRoutes,
];
