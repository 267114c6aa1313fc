import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';

/**
 * Route access `'candidate'` (the quiz's answering calls, docs/decisions/069-candidate-access.md): a signed-in system
 * user (as `'authenticated'`) OR an outside person signed in on the answering page with a reservation number and ID
 * number. Outside persons hold a candidate token (`c.` + 43 base64url characters); the session store never accepts
 * that shape, so such a token is refused (401) by every route that is not `'candidate'`.
 *
 * The quiz module registers the resolver of candidate tokens for its app (`setCandidateResolver`); without one,
 * candidate tokens are refused everywhere.
 */

/** an outside person's sign-in (a reservation of an 答题场次) */
export interface OutsideCandidate {
  reservationId: string;
  sessionId: string;
  name: string | null;
  tenantId: number;
  tokenHash: string;
}

export type CandidateResolver = (token: string) => Promise<OutsideCandidate | null>;

const resolvers = new WeakMap<AppContext, CandidateResolver>();

export const CANDIDATE_TOKEN = /^c\.[A-Za-z0-9_-]{43}$/;

export function isCandidateToken(token: string | undefined): token is string {
  return typeof token === 'string' && CANDIDATE_TOKEN.test(token);
}

export function setCandidateResolver(ctx: AppContext, fn: CandidateResolver): void {
  resolvers.set(ctx, fn);
}

export async function resolveCandidate(ctx: AppContext, token: string): Promise<OutsideCandidate | null> {
  const fn = resolvers.get(ctx);
  return fn ? fn(token) : null;
}

const outsiders = new WeakMap<FastifyRequest, OutsideCandidate>();

export function setOutsideCandidate(req: FastifyRequest, c: OutsideCandidate): void {
  outsiders.set(req, c);
}

/** the outside person of a `'candidate'` request, or undefined when a system user called */
export function outsideCandidateOf(req: FastifyRequest): OutsideCandidate | undefined {
  return outsiders.get(req);
}
