/**
 * Pure logic of the switch (spec 02 §4 "Switch", §9 "Switch values Y/N"): options are [on, off], default Y / N;
 * an empty (or any other) value shows as off; the query form offers 是 / 否.
 */

export type SwitchOptions = readonly [unknown, unknown];

export const DEFAULT_SWITCH_OPTIONS: SwitchOptions = ['Y', 'N'];

/** whether a stored value shows the switch on */
export function isSwitchOn(value: unknown, options: SwitchOptions = DEFAULT_SWITCH_OPTIONS): boolean {
  return value !== undefined && value !== null && value === options[0];
}

/** the stored value for the switch's position */
export function switchValue(on: boolean, options: SwitchOptions = DEFAULT_SWITCH_OPTIONS): unknown {
  return on ? options[0] : options[1];
}

/** the value a form should hold for a stored value: empty becomes off (the spec's "empty value becomes off") */
export function normalizeSwitch(value: unknown, options: SwitchOptions = DEFAULT_SWITCH_OPTIONS): unknown {
  return isSwitchOn(value, options) ? options[0] : options[1];
}

/** the query form's dropdown: 是 for on, 否 for off */
export function switchQueryOptions(
  options: SwitchOptions = DEFAULT_SWITCH_OPTIONS,
): { value: string; label: string }[] {
  return [
    { value: String(options[0]), label: '是' },
    { value: String(options[1]), label: '否' },
  ];
}

/** the text of a stored value in lists: 是 / 否 ('' for empty) */
export function switchText(value: unknown, options: SwitchOptions = DEFAULT_SWITCH_OPTIONS): string {
  if (value === undefined || value === null || value === '') return '';
  return String(value) === String(options[0]) ? '是' : '否';
}
