/**
 * Scoring of the quiz (quiz contract §3; docs/decisions/068-attempt-snapshot-and-answer-upsert.md): pure functions of
 * (question as the attempt snapshot holds it, the candidate's answer, the exam's rules). No database, no clock.
 *
 * Scores are kept in cents (integers) while they are computed, so 1/3 of 5 points and sums of many questions never
 * pick up binary floating-point dust; what leaves this module is rounded to two decimals.
 */

/** question_type */
export const QTYPE = { single: 1, multiple: 2, judge: 3, blank: 4, essay: 5 } as const;
export type QuestionType = 1 | 2 | 3 | 4 | 5;

/** what scoring needs of a question (the attempt snapshot's copy: the section's score, the right answer) */
export interface ScoringQuestion {
  type: number | string;
  /** the right answer in the bank's format: "B", "A,C", "1", a JSON array of accepted-answer lists, essay text */
  answer: string | unknown;
  /** the section's score of this question (> 0) */
  score: number;
  /** options' keys (types 1–2), for answer validation */
  options?: ReadonlyArray<{ key: string }> | null;
  /** number of blanks (type 4); taken from the answer's array when absent */
  blanks?: number | null;
}

export interface ExamRules {
  /** 多选: a proper non-empty subset of the right keys with no wrong key earns score × partialScore (0 = none) */
  partialScore: number;
}

export interface AutoScore {
  /** null = waits for a person (简答 with an answer) */
  score: number | null;
  /** true when the machine decided the score */
  auto: boolean;
  /** right (full score), partly right, wrong, or null for a pending essay */
  verdict: 'right' | 'partial' | 'wrong' | null;
}

export const typeOf = (t: number | string): QuestionType => {
  const n = Number(t);
  if (n === 1 || n === 2 || n === 3 || n === 4 || n === 5) return n;
  throw new Error(`unknown question type ${String(t)}`);
};

export const toCents = (x: number): number => Math.round(x * 100 + (x >= 0 ? 1e-9 : -1e-9));
export const fromCents = (c: number): number => c / 100;
/** rounds to two decimals, half away from zero (0.125 → 0.13) */
export const round2 = (x: number): number => fromCents(toCents(x));

// ---------------------------------------------------------------- text folding (填空)

/**
 * Folds full-width ASCII (U+FF01–U+FF5E) to half-width, the ideographic space to a space, Latin capitals to small
 * letters, and trims. Other scripts are left as they are (no case folding of Greek or Cyrillic, no NFKC compatibility
 * mappings such as ① → 1): the contract asks for width and Latin case only.
 */
export function foldBlank(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c >= 0xff01 && c <= 0xff5e) out += String.fromCodePoint(c - 0xfee0);
    else if (c === 0x3000) out += ' ';
    else out += ch;
  }
  return out.trim().replace(/[A-Z]/g, (m) => m.toLowerCase());
}

/** the accepted answers of each blank from the bank's answer (JSON text or array); [] when unreadable */
export function acceptedBlanks(answer: unknown): string[][] {
  let v = answer;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(v)) return [];
  return v.map((b) => (Array.isArray(b) ? b.map((x) => String(x)) : [String(b)]));
}

/** the candidate's blanks from a stored answer (JSON text of a string array); [] when empty or unreadable */
export function givenBlanks(answer: string | null | undefined): string[] {
  if (!answer) return [];
  try {
    const v = JSON.parse(answer);
    return Array.isArray(v) ? v.map((x) => (x == null ? '' : String(x))) : [];
  } catch {
    return [];
  }
}

/** the sorted distinct keys of "A,C" / "C, A" */
export function keySet(s: string | null | undefined): string[] {
  return [
    ...new Set(
      String(s ?? '')
        .split(',')
        .map((k) => k.trim().toUpperCase())
        .filter(Boolean),
    ),
  ].sort();
}

// ---------------------------------------------------------------- scoring

/**
 * The machine's score of one answer (contract §3). `given` is the stored answer (normalised by `normalizeAnswer`);
 * empty / absent = not answered = 0 (an unanswered 简答 is graded 0 here too: nothing waits for a person).
 */
export function scoreAnswer(q: ScoringQuestion, given: string | null | undefined, rules: ExamRules): AutoScore {
  const type = typeOf(q.type);
  const full = toCents(q.score);
  const wrong: AutoScore = { score: 0, auto: true, verdict: 'wrong' };
  const answered = given != null && given.trim() !== '';
  if (type === QTYPE.essay) {
    if (!answered || (given as string).trim() === '') return wrong;
    return { score: null, auto: false, verdict: null };
  }
  if (!answered) return wrong;
  const g = given as string;
  switch (type) {
    case QTYPE.single:
    case QTYPE.judge:
      return g.trim().toUpperCase() ===
        String(q.answer ?? '')
          .trim()
          .toUpperCase()
        ? { score: fromCents(full), auto: true, verdict: 'right' }
        : wrong;
    case QTYPE.multiple: {
      const right = keySet(String(q.answer ?? ''));
      const mine = keySet(g);
      if (!mine.length || !right.length) return wrong;
      if (mine.some((k) => !right.includes(k))) return wrong;
      if (mine.length === right.length) return { score: fromCents(full), auto: true, verdict: 'right' };
      const part = Math.max(0, Math.min(1, Number(rules.partialScore) || 0));
      if (part <= 0) return wrong;
      return { score: fromCents(Math.round(full * part)), auto: true, verdict: 'partial' };
    }
    case QTYPE.blank: {
      const accepted = acceptedBlanks(q.answer);
      const n = q.blanks && q.blanks > 0 ? q.blanks : accepted.length;
      if (!n) return wrong;
      const mine = givenBlanks(g);
      let rightCount = 0;
      for (let i = 0; i < n; i++) {
        const a = mine[i];
        if (a == null || foldBlank(a) === '') continue;
        const f = foldBlank(a);
        if ((accepted[i] ?? []).some((x) => foldBlank(x) === f)) rightCount++;
      }
      if (rightCount === 0) return wrong;
      if (rightCount === n) return { score: fromCents(full), auto: true, verdict: 'right' };
      return { score: fromCents(Math.round((full * rightCount) / n)), auto: true, verdict: 'partial' };
    }
  }
  return wrong;
}

/** a person's grade of a 简答 answer: 0 … the question's score in steps of 0.5 (the full score itself always allowed) */
export function gradeError(score: unknown, max: number): string | null {
  const n = typeof score === 'string' && score.trim() !== '' ? Number(score) : score;
  if (typeof n !== 'number' || !Number.isFinite(n)) return '请填写得分';
  if (n < 0) return '得分不能小于 0';
  const c = toCents(n);
  const maxC = toCents(max);
  if (c > maxC) return `得分不能超过本题分值 ${fromCents(maxC)} 分`;
  if (c % 50 !== 0 && c !== maxC) return '得分须为 0.5 的整数倍';
  return null;
}

export interface AttemptTotals {
  objective: number;
  subjective: number;
  total: number;
  /** false while a 简答 answer waits for a grade */
  complete: boolean;
  pass: boolean;
}

/**
 * The attempt's totals: objective = machine-scored, subjective = graded 简答, total rounded to two decimals;
 * pass = total ≥ the paper's pass score.
 */
export function totalsOf(
  answers: ReadonlyArray<{ type: number | string; score: number | null }>,
  passScore: number,
): AttemptTotals {
  let obj = 0;
  let subj = 0;
  let complete = true;
  for (const a of answers) {
    if (a.score == null) {
      if (typeOf(a.type) === QTYPE.essay) complete = false;
      continue;
    }
    if (typeOf(a.type) === QTYPE.essay) subj += toCents(a.score);
    else obj += toCents(a.score);
  }
  const total = obj + subj;
  return {
    objective: fromCents(obj),
    subjective: fromCents(subj),
    total: fromCents(total),
    complete,
    pass: total >= toCents(passScore),
  };
}

// ---------------------------------------------------------------- the candidate's answer on the wire

export const MAX_ESSAY = 20_000;
export const MAX_BLANK = 500;

/**
 * The candidate's answer in the question's format (contract §2), as it is stored; or an error message. `''` (or
 * null) clears the answer. Accepted: 单选 one option key; 多选 keys in any order, comma-joined or an array (stored
 * sorted, "A,C"); 判断 "1"/"0" (true/false too); 填空 a JSON array of strings (or its text), at most one entry per
 * blank; 简答 text.
 */
export function normalizeAnswer(q: ScoringQuestion, raw: unknown): { value: string } | { error: string } {
  const type = typeOf(q.type);
  if (raw == null || (typeof raw === 'string' && raw.trim() === '')) return { value: '' };
  if (Array.isArray(raw) && raw.length === 0) return { value: '' };
  const keys = new Set((q.options ?? []).map((o) => String(o.key).toUpperCase()));
  switch (type) {
    case QTYPE.single: {
      if (typeof raw !== 'string') return { error: '单选题的答案应为一个选项' };
      const k = raw.trim().toUpperCase();
      if (!keys.has(k)) return { error: `选项 ${raw.trim().slice(0, 8)} 不存在` };
      return { value: k };
    }
    case QTYPE.multiple: {
      const list = Array.isArray(raw) ? raw.map((x) => String(x)).join(',') : typeof raw === 'string' ? raw : null;
      if (list == null) return { error: '多选题的答案应为选项，以逗号分隔' };
      const ks = keySet(list);
      const bad = ks.find((k) => !keys.has(k));
      if (bad) return { error: `选项 ${bad.slice(0, 8)} 不存在` };
      return { value: ks.join(',') };
    }
    case QTYPE.judge: {
      const v = typeof raw === 'boolean' ? (raw ? '1' : '0') : String(raw).trim();
      if (v !== '1' && v !== '0') return { error: '判断题的答案应为 1（正确）或 0（错误）' };
      return { value: v };
    }
    case QTYPE.blank: {
      let arr: unknown = raw;
      if (typeof raw === 'string') {
        try {
          arr = JSON.parse(raw);
        } catch {
          return { error: '填空题的答案应为每空一项的数组' };
        }
      }
      if (!Array.isArray(arr) || arr.some((x) => x != null && typeof x !== 'string' && typeof x !== 'number')) {
        return { error: '填空题的答案应为每空一项的数组' };
      }
      const n = q.blanks && q.blanks > 0 ? q.blanks : acceptedBlanks(q.answer).length;
      if (n && arr.length > n) return { error: `本题只有 ${n} 个空` };
      const items = arr.map((x) => (x == null ? '' : String(x)));
      if (items.some((x) => x.length > MAX_BLANK)) return { error: `每空最多 ${MAX_BLANK} 个字符` };
      if (items.every((x) => x.trim() === '')) return { value: '' };
      return { value: JSON.stringify(items) };
    }
    case QTYPE.essay: {
      if (typeof raw !== 'string') return { error: '简答题的答案应为文字' };
      if (raw.length > MAX_ESSAY) return { error: `答案最多 ${MAX_ESSAY} 个字符` };
      return { value: raw };
    }
  }
  return { error: '题型不识别' };
}
