import type { FormInstance } from 'antd';

/** antd's rejection of validateFields(): the form already shows the messages beside the fields */
export function isValidationError(e: unknown): e is { errorFields: unknown[] } {
  return typeof e === 'object' && e !== null && Array.isArray((e as { errorFields?: unknown }).errorFields);
}

/**
 * The form's values, or null when a rule failed (the messages are on screen). Awaiting validateFields() bare from a
 * click handler left an `Uncaught (in promise)` in the console on every failed validation (issue 29).
 */
export async function validFields<T>(form: FormInstance<T>, names?: Parameters<FormInstance<T>['validateFields']>[0]) {
  try {
    return (await (names ? form.validateFields(names) : form.validateFields())) as T;
  } catch (e) {
    if (isValidationError(e)) return null;
    throw e;
  }
}

/**
 * Last line of defence for pages that still await validateFields() bare: a validation rejection nobody handled is not
 * an error (the form shows it), so it does not reach the console. Any other rejection goes on as before.
 */
export function ignoreUnhandledValidation(target: Pick<Window, 'addEventListener'> = window) {
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    if (isValidationError(event.reason)) event.preventDefault();
  });
}
