/**
 * The statistics of an exam as pure functions (quiz contract §4 statistics). The endpoint computes the same figures
 * in SQL where the answers live (statistics.ts); these are the definitions, and the oracle its tests compare with.
 *
 * - mean, median (mean of the two middle values for an even count), max, min over submitted attempts' totals;
 * - stdDev: the sample standard deviation (n − 1), as Moodle's quiz statistics report it; 0 for one attempt;
 * - passRate: passed ÷ submitted (0…1);
 * - distribution: 10 equal bins over 0 … the paper's total score, `[from, to)` except the last `[from, to]`;
 * - facility (correctRate): a question's mean score ÷ its score;
 * - discrimination: the upper–lower index: candidates ordered by total, the top 27 % and the bottom 27 %
 *   (round(0.27 n), at least 1) — (mean score of the top group − mean of the bottom group) ÷ the question's score;
 *   null under 10 submitted attempts, where groups of 2 say nothing.
 * Every figure is rounded to 4 decimals (rates) or 2 (scores).
 */

export const MIN_FOR_DISCRIMINATION = 10;
export const GROUP_SHARE = 0.27;

const r2 = (x: number) => Math.round(x * 100 + (x >= 0 ? 1e-9 : -1e-9)) / 100;
const r4 = (x: number) => Math.round(x * 10_000 + (x >= 0 ? 1e-9 : -1e-9)) / 10_000;

export interface Summary {
  submitted: number;
  mean: number | null;
  median: number | null;
  max: number | null;
  min: number | null;
  stdDev: number | null;
  passRate: number | null;
}

export function summary(totals: readonly number[], passed: number): Summary {
  const n = totals.length;
  if (!n) return { submitted: 0, mean: null, median: null, max: null, min: null, stdDev: null, passRate: null };
  const s = [...totals].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / n;
  const median = n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  const variance = n > 1 ? s.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1) : 0;
  return {
    submitted: n,
    mean: r2(mean),
    median: r2(median),
    max: s[n - 1],
    min: s[0],
    stdDev: r2(Math.sqrt(variance)),
    passRate: r4(passed / n),
  };
}

export interface Bin {
  from: number;
  to: number;
  count: number;
}

/** 10 equal bins over 0 … fullScore (the last includes fullScore) */
export function distribution(totals: readonly number[], fullScore: number, bins = 10): Bin[] {
  const width = fullScore > 0 ? fullScore / bins : 1;
  const out: Bin[] = Array.from({ length: bins }, (_, i) => ({
    from: r2(i * width),
    to: r2((i + 1) * width),
    count: 0,
  }));
  for (const t of totals) out[binOf(t, fullScore, bins)].count++;
  return out;
}

/** the bin index of a total (the same expression as the SQL width_bucket use) */
export function binOf(total: number, fullScore: number, bins = 10): number {
  if (fullScore <= 0) return 0;
  const i = Math.floor((total / fullScore) * bins + 1e-9);
  return Math.max(0, Math.min(bins - 1, i));
}

/** the size of each of the upper and lower groups */
export function groupSize(n: number): number {
  return Math.max(1, Math.round(n * GROUP_SHARE));
}

export interface ItemInput {
  /** per attempt: the attempt's total and this question's score (0 when unanswered, null when ungraded) */
  rows: ReadonlyArray<{ attemptId: string; total: number; score: number | null }>;
  questionScore: number;
}

/** facility: the mean score ÷ the question's score (ungraded answers left out); null without any scored answer */
export function facility(input: ItemInput): number | null {
  const scored = input.rows.filter((r) => r.score != null);
  if (!scored.length || input.questionScore <= 0) return null;
  const mean = scored.reduce((a, r) => a + (r.score as number), 0) / scored.length;
  return r4(mean / input.questionScore);
}

/**
 * The upper–lower discrimination index. Candidates are ordered by total (ties by attempt id, so the groups are
 * the same wherever it is computed); null under 10 attempts.
 */
export function discrimination(input: ItemInput): number | null {
  const n = input.rows.length;
  if (n < MIN_FOR_DISCRIMINATION || input.questionScore <= 0) return null;
  const ordered = [...input.rows].sort((a, b) => b.total - a.total || (a.attemptId < b.attemptId ? -1 : 1));
  const k = groupSize(n);
  const mean = (rs: typeof ordered) => rs.reduce((a, r) => a + (r.score ?? 0), 0) / rs.length;
  return r4((mean(ordered.slice(0, k)) - mean(ordered.slice(n - k))) / input.questionScore);
}

/** how often each option key was chosen (a 多选 answer "A,C" counts for A and for C) */
export function optionCounts(answers: ReadonlyArray<string | null>, keys: readonly string[]): Record<string, number> {
  const out: Record<string, number> = Object.fromEntries(keys.map((k) => [k, 0]));
  for (const a of answers) {
    if (!a) continue;
    for (const k of a.split(',')) if (k in out) out[k]++;
  }
  return out;
}

/** a question worth a look: hardly anyone or almost everyone gets it, or it does not separate strong from weak */
export function weakQuestion(correctRate: number | null, discr: number | null): string | null {
  if (discr != null && discr < 0) return '区分度为负：低分者比高分者答得好，请检查答案';
  if (discr != null && discr < 0.2) return '区分度低（< 0.2）';
  if (correctRate != null && correctRate < 0.2) return '过难（得分率 < 20%）';
  if (correctRate != null && correctRate > 0.95) return '过易（得分率 > 95%）';
  return null;
}
