import { ERRORS, type ErrorKey } from '@answer/contract';

/**
 * Throw from anywhere in a handler; the error handler turns it into the envelope.
 * `AppError('BUSINESS', '用户名或密码错误')` → HTTP 200 {success:false, code:500, message}.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: number;
  readonly result: unknown;

  constructor(
    readonly key: ErrorKey,
    message?: string,
    opts: { code?: number; result?: unknown } = {},
  ) {
    super(message ?? ERRORS[key].message);
    this.status = ERRORS[key].status;
    this.code = opts.code ?? ERRORS[key].code;
    this.result = opts.result ?? null;
  }
}

/** A business-rule failure with JeecgBoot's shape (HTTP 200, code 500 unless given). */
export function bizError(message: string, code = 500, result: unknown = null): AppError {
  return new AppError('BUSINESS', message, { code, result });
}

export function badRequest(message: string): AppError {
  return new AppError('BAD_REQUEST', message);
}
