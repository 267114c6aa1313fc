import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, resetHttpState } from '../api/http';
import { checkRuleValidator, validateCheckRule } from './check-rule';
import { bindFeedback, type Feedback } from './feedback';

let urls: string[];
let answer: () => Response;
const json = (body: unknown) =>
  new Response(JSON.stringify({ timestamp: 1, ...(body as object) }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

beforeEach(() => {
  urls = [];
  answer = () => json({ success: true, code: 200, message: '成功', result: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return answer();
    }),
  );
  resetHttpState();
  const noop = { error: vi.fn(), warning: vi.fn(), success: vi.fn(), loading: vi.fn(), info: vi.fn() };
  bindFeedback({ message: noop, notification: noop, modal: noop } as unknown as Feedback);
  configureHttp({ getToken: () => 'tok', getTenantId: () => null, logout: async () => {}, reload: vi.fn() });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const query = (url: string) => new URL(url, 'http://x').searchParams;

describe('validateCheckRule', () => {
  it('sends ruleCode and the URL-encoded value to checkByCode and resolves on success', async () => {
    await expect(validateCheckRule('common', 'a b&c=%中')).resolves.toBeUndefined();
    expect(urls).toHaveLength(1);
    expect(urls[0]).toContain('/jeecg-boot/sys/checkRule/checkByCode?');
    const q = query(urls[0]);
    expect(q.get('ruleCode')).toBe('common');
    // once decoded by the query string, the value is still encoded by the client itself
    expect(q.get('value')).toBe(encodeURIComponent('a b&c=%中'));
    expect(decodeURIComponent(q.get('value')!)).toBe('a b&c=%中');
  });

  it('rejects with the server message on failure', async () => {
    answer = () => json({ success: false, code: 500, message: '第一位只能是字母', result: { passed: false } });
    await expect(validateCheckRule('common', '1abc')).rejects.toThrow('第一位只能是字母');
    answer = () => json({ success: false, code: 500, message: '该编码不存在', result: null });
    await expect(validateCheckRule('nope', 'x')).rejects.toThrow('该编码不存在');
  });

  it('blank values pass without a call', async () => {
    for (const v of [undefined, null, '', '   ']) await expect(validateCheckRule('common', v)).resolves.toBeUndefined();
    expect(urls).toHaveLength(0);
  });

  it('numbers are checked as text; a transport failure rejects with a clear message', async () => {
    await validateCheckRule('common', 123);
    expect(query(urls[0]).get('value')).toBe('123');
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(validateCheckRule('common', 'abc')).rejects.toThrow('校验规则调用失败，请稍后重试');
  });

  it('checkRuleValidator wraps it as an antd rule', async () => {
    answer = () => json({ success: false, code: 500, message: '最少输入3位数', result: null });
    const rule = checkRuleValidator('common') as { validator: (r: unknown, v: unknown) => Promise<void> };
    await expect(rule.validator({}, 'ab')).rejects.toThrow('最少输入3位数');
  });
});
