import type { FastifyInstance } from 'fastify';
import authRoutes from './auth/routes.ts';
import dictRoutes from './dict/routes.ts';
import duplicateCheckRoutes from './duplicate-check/routes.ts';
import logRoutes from './log/routes.ts';
import permissionRoutes from './permission/routes.ts';

/** Every API module, registered under /jeecg-boot. */
export const apiModules: Array<(app: FastifyInstance) => Promise<void>> = [
  authRoutes,
  permissionRoutes,
  dictRoutes,
  duplicateCheckRoutes,
  logRoutes,
];
