import { describe, expect, it, vi } from 'vitest';
import { ignoreUnhandledValidation, isValidationError, validFields } from './form-validation';

describe('form validation without unhandled rejections', () => {
  it('validFields answers null on a failed validation and rethrows anything else', async () => {
    const failing = { validateFields: () => Promise.reject({ errorFields: [{ name: ['a'], errors: ['请输入A!'] }] }) };
    // biome-ignore lint/suspicious/noExplicitAny: a minimal stand-in for antd's FormInstance
    expect(await validFields(failing as any)).toBeNull();
    const ok = { validateFields: () => Promise.resolve({ a: 1 }) };
    // biome-ignore lint/suspicious/noExplicitAny: as above
    expect(await validFields(ok as any)).toEqual({ a: 1 });
    const broken = { validateFields: () => Promise.reject(new Error('boom')) };
    // biome-ignore lint/suspicious/noExplicitAny: as above
    await expect(validFields(broken as any)).rejects.toThrow('boom');
  });

  it('the window handler silences validation rejections only', () => {
    let handler: ((e: PromiseRejectionEvent) => void) | undefined;
    ignoreUnhandledValidation({
      addEventListener: ((_: string, h: (e: PromiseRejectionEvent) => void) => (handler = h)) as never,
    });
    const validation = { reason: { errorFields: [] }, preventDefault: vi.fn() };
    const other = { reason: new Error('x'), preventDefault: vi.fn() };
    handler?.(validation as unknown as PromiseRejectionEvent);
    handler?.(other as unknown as PromiseRejectionEvent);
    expect(validation.preventDefault).toHaveBeenCalled();
    expect(other.preventDefault).not.toHaveBeenCalled();
    expect(isValidationError({ errorFields: [] })).toBe(true);
    expect(isValidationError(null)).toBe(false);
  });
});
