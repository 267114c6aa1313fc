import vm from 'node:vm';

/**
 * Check rules (sys_check_rule.rule_json, contract §4.11/§5.3): a JSON array of segments `{digits, pattern, message}`.
 * A numbered segment checks the next `digits` characters of the value (consecutive slices, JeecgBoot's beginIndex);
 * `*` checks the whole value and does not advance. Each slice must match `pattern` completely (Java Pattern.matches).
 * The first failing segment is the answer; a blank value passes.
 *
 * Patterns come from administrators but run on every form validation, so they are treated as untrusted:
 *  - on save: length caps, must compile, and a static check refuses the shapes that backtrack exponentially
 *    (a repeated group that itself repeats or alternates — `(a+)+`, `(a|ab)*` — back references, huge bounds);
 *  - on run: all segments run inside a vm context with a time budget, so a pattern that still backtracks badly
 *    (polynomial cases such as `\d*\d*\d*x`) is cut off and answered as an error instead of blocking the node.
 */

export interface RuleSegment {
  /** '*' or a positive integer as a string */
  digits: string;
  pattern: string;
  message: string;
}

export interface CheckFailure {
  digits: string;
  pattern: string;
  message: string;
  beginIndex?: number;
  endIndex?: number;
  checkValue: string;
  passed: false;
}

export const RULE_LIMITS = {
  segments: 30,
  pattern: 200,
  message: 100,
  json: 1024,
  digits: 999,
  /** longest value checkByCode looks at */
  value: 1000,
  /** time budget of one check (all segments); see checkValue for a check descheduled on a busy machine */
  timeoutMs: 100,
  /** largest {n,m} bound */
  bound: 1000,
} as const;

export class RuleError extends Error {
  override name = 'RuleError';
}

/**
 * Static safety check of one pattern: null when acceptable, else the reason (Chinese, for the client).
 * Tracks, per group, whether it contains a repeating quantifier or an alternation; quantifying such a group with a
 * repeating quantifier (`*`, `+`, `{n,}`, `{n,m}` with m > 1) is refused (star height > 1 / overlapping branches).
 */
export function patternRisk(pattern: string): string | null {
  interface Frame {
    /** holds a variable repetition */
    repeats: boolean;
    alternates: boolean;
  }
  const stack: Frame[] = [{ repeats: false, alternates: false }];
  /** what the next quantifier applies to: a group (with its flags), an atom, or nothing */
  let last: { group?: Frame } | null = null;
  let i = 0;
  const n = pattern.length;
  while (i < n) {
    const c = pattern[i];
    if (c === '\\') {
      const d = pattern[i + 1];
      if (d === undefined) return '正则表达式不能以 \\ 结尾';
      if (/[1-9]/.test(d) || d === 'k') return '不支持反向引用';
      i += 2;
      last = {};
      continue;
    }
    if (c === '[') {
      i++;
      if (pattern[i] === '^') i++;
      if (pattern[i] === ']') i++;
      while (i < n && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
      if (i >= n) return '字符集缺少 ]';
      i++;
      last = {};
      continue;
    }
    if (c === '(') {
      i++;
      if (pattern[i] === '?') {
        const m = /^\?(?::|=|!|<=|<!|<[A-Za-z][A-Za-z0-9]*>)/.exec(pattern.slice(i));
        if (!m) return '不支持的分组语法';
        i += m[0].length;
      }
      stack.push({ repeats: false, alternates: false });
      last = null;
      continue;
    }
    if (c === ')') {
      if (stack.length < 2) return '括号不匹配';
      const frame = stack.pop()!;
      if (frame.repeats) stack[stack.length - 1].repeats = true;
      last = { group: frame };
      i++;
      continue;
    }
    if (c === '|') {
      stack[stack.length - 1].alternates = true;
      last = null;
      i++;
      continue;
    }
    /** the quantifier lets the atom occur more than once */
    let repeats: boolean | undefined;
    /** the number of occurrences is not fixed (`?`, `*`, `+`, `{n,m}`) */
    let variable = false;
    let len = 0;
    if (c === '*' || c === '+') {
      repeats = true;
      variable = true;
      len = 1;
    } else if (c === '?') {
      repeats = false;
      variable = true;
      len = 1;
    } else if (c === '{') {
      const m = /^\{(\d{1,6})(,(\d{0,6}))?\}/.exec(pattern.slice(i));
      if (m) {
        const min = Number(m[1]);
        const max = m[2] === undefined ? min : m[3] === '' ? Number.POSITIVE_INFINITY : Number(m[3]);
        if (min > RULE_LIMITS.bound || (max !== Number.POSITIVE_INFINITY && max > RULE_LIMITS.bound)) {
          return `重复次数不能超过 ${RULE_LIMITS.bound}`;
        }
        if (max < min) return '重复次数范围不正确';
        repeats = max > 1;
        variable = max > min;
        len = m[0].length;
      }
    }
    if (repeats !== undefined) {
      if (!last) return '量词前缺少内容';
      if (repeats && last.group && (last.group.repeats || last.group.alternates)) {
        return '分组内含重复量词或“|”时不能再整体重复（可能导致回溯爆炸），请改写，例如用字符集 [...]';
      }
      const top = stack[stack.length - 1];
      // a group repeated a variable number of times, or one holding such a repetition, makes its parent ambiguous
      if (variable || last.group?.repeats) top.repeats = true;
      i += len;
      // a lazy suffix `?` (a Java possessive `+` does not exist in JS and fails to compile)
      if (pattern[i] === '?') i++;
      last = null;
      continue;
    }
    // plain atom (also `.`, `^`, `$`, a `{` that is no quantifier)
    i++;
    last = c === '^' || c === '$' ? null : {};
  }
  if (stack.length !== 1) return '括号不匹配';
  return null;
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(`^(?:${pattern})$`);
    return true;
  } catch {
    return false;
  }
}

/** Parses and validates rule_json as saved by the page; answers the normalized JSON text. */
export function normalizeRuleJson(text: string): { json: string; segments: RuleSegment[] } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new RuleError('规则JSON格式不正确');
  }
  if (!Array.isArray(data)) throw new RuleError('规则JSON格式不正确，需要一个数组');
  if (data.length === 0) throw new RuleError('请至少设置一条规则');
  if (data.length > RULE_LIMITS.segments) throw new RuleError(`规则不能超过 ${RULE_LIMITS.segments} 条`);
  const segments: RuleSegment[] = data.map((item, idx) => {
    const no = `第${idx + 1}条规则：`;
    if (item === null || typeof item !== 'object' || Array.isArray(item)) throw new RuleError(`${no}格式不正确`);
    const { digits, pattern, message } = item as Record<string, unknown>;
    const d = typeof digits === 'number' ? String(digits) : typeof digits === 'string' ? digits.trim() : '';
    if (d !== '*' && !(/^\d{1,3}$/.test(d) && Number(d) >= 1 && Number(d) <= RULE_LIMITS.digits)) {
      throw new RuleError(`${no}位数必须是 1-${RULE_LIMITS.digits} 的整数或 *`);
    }
    if (typeof pattern !== 'string' || pattern === '') throw new RuleError(`${no}正则表达式不能为空`);
    if (pattern.length > RULE_LIMITS.pattern) {
      throw new RuleError(`${no}正则表达式不能超过 ${RULE_LIMITS.pattern} 个字符`);
    }
    const risk = patternRisk(pattern);
    if (risk) throw new RuleError(`${no}正则表达式不安全或不正确：${risk}`);
    if (!compiles(pattern)) throw new RuleError(`${no}正则表达式不正确`);
    if (typeof message !== 'string' || message.trim() === '') throw new RuleError(`${no}提示文本不能为空`);
    if ([...message].length > RULE_LIMITS.message) {
      throw new RuleError(`${no}提示文本不能超过 ${RULE_LIMITS.message} 个字符`);
    }
    return { digits: d === '*' ? '*' : String(Number(d)), pattern, message: message.trim() };
  });
  const json = JSON.stringify(segments);
  if (json.length > RULE_LIMITS.json) throw new RuleError('规则内容过长，请减少规则条数或缩短正则表达式');
  return { json, segments };
}

/** Reads stored rule_json leniently (legacy rows): anything malformed is an error at check time. */
export function storedSegments(text: string | null): RuleSegment[] {
  if (!text || text.trim() === '') return [];
  return normalizeRuleJson(text).segments;
}

// ---------------------------------------------------------------- running, time-boxed

const RUNNER_SOURCE = `
globalThis.__run = function (input) {
  var data = JSON.parse(input);
  var rules = data.rules, value = data.value, begin = 0;
  for (var i = 0; i < rules.length; i++) {
    var r = rules[i];
    var out = { digits: r.digits, pattern: r.pattern, message: r.message };
    var checkValue;
    if (r.digits === '*') {
      checkValue = value;
    } else {
      var num = Number(r.digits);
      var end = Math.min(begin + num, value.length);
      checkValue = begin > end ? '' : value.substring(begin, end);
      out.beginIndex = begin;
      out.endIndex = end;
      begin += num;
    }
    out.checkValue = checkValue;
    var passed = new RegExp('^(?:' + r.pattern + ')$').test(checkValue);
    out.passed = passed;
    if (!passed) return JSON.stringify(out);
  }
  return 'null';
};`;

let runner: { ctx: vm.Context; script: vm.Script } | undefined;

function getRunner() {
  if (!runner) {
    const ctx = vm.createContext({ __input: '' });
    vm.runInContext(RUNNER_SOURCE, ctx);
    runner = { ctx, script: new vm.Script('__run(__input)') };
  }
  return runner;
}

export class RuleTimeout extends Error {
  override name = 'RuleTimeout';
}

/** Checks `value`; null = passed, else the first failing segment (JeecgBoot's result object). */
export function checkValue(
  segments: readonly RuleSegment[],
  value: string,
  timeoutMs: number = RULE_LIMITS.timeoutMs,
): CheckFailure | null {
  if (value.trim() === '' || segments.length === 0) return null;
  const r = getRunner();
  r.ctx.__input = JSON.stringify({ rules: segments, value });
  // The vm's budget is wall-clock time: a check that was merely descheduled on a busy machine (it used well under the
  // budget in CPU time) is run again, at most twice; a pattern that really backtracks burns its CPU and is cut off.
  for (let attempt = 0; ; attempt++) {
    const cpu0 = process.cpuUsage();
    try {
      return JSON.parse(r.script.runInContext(r.ctx, { timeout: timeoutMs }) as string) as CheckFailure | null;
    } catch (err) {
      if ((err as { code?: string }).code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw err;
      const cpu = process.cpuUsage(cpu0);
      const cpuMs = (cpu.user + cpu.system) / 1000;
      if (attempt >= 2 || cpuMs >= timeoutMs / 2) throw new RuleTimeout('timeout');
    }
  }
}
