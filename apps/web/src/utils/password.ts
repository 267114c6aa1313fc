/** Strength rule of the registration and password-reset forms (JeecgBoot): 8+ characters with a letter, a digit and a symbol. */
export const STRONG_PASSWORD = /^(?=.*[a-zA-Z])(?=.*\d)(?=.*[~!@#$%^&*()_+`\-={}:";'<>?,./]).{8,}$/;

export type PasswordLevel = 0 | 1 | 2 | 3;

/** 0–3: one point each for a digit, a letter and a character that is neither (shown as 低 / 中 / 强). */
export function passwordLevel(value: string | null | undefined): PasswordLevel {
  if (!value) return 0;
  let level = 0;
  if (/[0-9]/.test(value)) level++;
  if (/[a-zA-Z]/.test(value)) level++;
  if (/[^0-9a-zA-Z_]/.test(value)) level++;
  return level as PasswordLevel;
}

export const PASSWORD_LEVEL_NAME: Record<PasswordLevel, string> = { 0: '低', 1: '低', 2: '中', 3: '强' };
export const PASSWORD_LEVEL_COLOR: Record<PasswordLevel, string> = {
  0: '#ff0000',
  1: '#ff0000',
  2: '#ff7e05',
  3: '#52c41a',
};
