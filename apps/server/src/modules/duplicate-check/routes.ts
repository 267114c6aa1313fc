import { ok } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { bizError } from '../../platform/errors.ts';
import { parse } from '../../platform/validation.ts';
import { DuplicateCheckQuery } from './schema.ts';
import { DUPLICATE_MESSAGES, isTaken } from './service.ts';

/** GET /sys/duplicate/check (contract §4.11): the forms' unique-field check. */
export default async function routes(app: FastifyInstance): Promise<void> {
  app.get('/sys/duplicate/check', { config: { access: 'authenticated' } }, async (req) => {
    const q = parse(DuplicateCheckQuery, req.query);
    if (!q.fieldVal) {
      return { success: true, message: DUPLICATE_MESSAGES.empty, code: 500, result: null, timestamp: Date.now() };
    }
    if (await isTaken(app.ctx, q.tableName, q.fieldName, q.fieldVal, q.dataId))
      throw bizError(DUPLICATE_MESSAGES.taken);
    return ok(null, DUPLICATE_MESSAGES.available);
  });
}
