/**
 * 阅卷 rules the page checks before asking the server (which checks them again, contract §3): a 简答 score lies in
 * 0 … the question's score, in steps of 0.5.
 */
export function gradeScoreError(value: unknown, full: number): string | null {
  if (value === null || value === undefined || value === '') return '请输入得分';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '得分必须是数字';
  if (n < 0 || n > full) return `得分须在 0 到 ${full} 之间`;
  if (Math.abs(n * 2 - Math.round(n * 2)) > 1e-9) return '得分须为 0.5 的整数倍';
  return null;
}

/** graded / total as a whole percentage (0 when nothing is there to grade) */
export function progressPercent(graded: number, total: number): number {
  return total > 0 ? Math.floor((graded / total) * 100) : 0;
}

/** a fraction 0…1 as a percentage text: 0.8333 → 83.3% (null → —) */
export function percentText(v: number | null | undefined, digits = 1): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  return `${(Math.round(v * 10 ** (digits + 2)) / 10 ** digits).toFixed(digits)}%`;
}
