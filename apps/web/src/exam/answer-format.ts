import type { QuestionType } from './api';

/**
 * Answers in the contract's formats (§1, §2 `save`): 单选 `"B"`, 多选 the keys sorted and comma-joined `"A,C"`,
 * 判断 `"1"` / `"0"`, 填空 a JSON array of the blanks' strings `["北京","CN"]`, 简答 the text. `""` is no answer.
 */

export const TYPE_TEXT: Record<QuestionType, string> = {
  '1': '单选题',
  '2': '多选题',
  '3': '判断题',
  '4': '填空题',
  '5': '简答题',
};

/** the 多选 answer after ticking or unticking `key` */
export function toggleKey(answer: string, key: string, on: boolean): string {
  const keys = new Set(answer ? answer.split(',').filter(Boolean) : []);
  if (on) keys.add(key);
  else keys.delete(key);
  return [...keys].sort().join(',');
}

export function selectedKeys(answer: string | undefined): Set<string> {
  return new Set(answer ? answer.split(',').filter(Boolean) : []);
}

/** the blanks of a 填空 answer, `count` long */
export function blanksOf(answer: string | undefined, count: number): string[] {
  let values: unknown = [];
  if (answer) {
    try {
      values = JSON.parse(answer);
    } catch {
      values = [answer];
    }
  }
  const list = Array.isArray(values) ? values.map((v) => (v == null ? '' : String(v))) : [];
  return Array.from({ length: count }, (_, i) => list[i] ?? '');
}

/** the 填空 answer with blank `index` set to `value` ("" when every blank is empty) */
export function setBlank(answer: string | undefined, count: number, index: number, value: string): string {
  const blanks = blanksOf(answer, count);
  blanks[index] = value;
  return blanks.every((b) => !b.trim()) ? '' : JSON.stringify(blanks);
}

/** has the candidate written or chosen anything */
export function isAnswered(type: QuestionType, answer: string | undefined): boolean {
  if (!answer) return false;
  if (type === '4') return blanksOf(answer, 64).some((b) => b.trim() !== '');
  return answer.trim() !== '';
}

/** how a stored answer reads in a sentence (results, the answer sheet) */
export function answerText(type: QuestionType | undefined, answer: string | null | undefined): string {
  if (answer == null || answer === '') return '未作答';
  if (type === '3') return answer === '1' ? '正确' : answer === '0' ? '错误' : answer;
  if (type === '4') {
    try {
      const v = JSON.parse(answer) as unknown;
      if (Array.isArray(v)) {
        return v
          .map((x) => (Array.isArray(x) ? x.join(' / ') : String(x ?? '')))
          .map((x, i) => `(${i + 1}) ${x || '—'}`)
          .join('；');
      }
    } catch {
      // plain text
    }
  }
  return answer;
}
