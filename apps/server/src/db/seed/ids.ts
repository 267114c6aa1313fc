import { createHash } from 'node:crypto';

/**
 * Stable 32-hex id for a seed row (same shape as JeecgBoot's legacy seed ids).
 * Derived from a namespaced key so that every install gets the same ids and re-running a build of the seed is reproducible.
 */
export function seedId(key: string): string {
  return createHash('md5').update(`answer-admin:seed:${key}`).digest('hex');
}
