import { describe, expect, it } from 'vitest';
import { decodeOrKeep, signUrlParams } from './sign-url.ts';

const raw = (part: string) => part;

describe('signUrlParams (the URL part of X-Sign, shared by server and web)', () => {
  it('takes the query pairs, the last repeated key winning, and skips empty pairs and keys', () => {
    expect({ ...signUrlParams('/sys/dict/x?a=1&&b=&a=2&=v&c#frag=1', raw) }).toEqual({ a: '2', b: '', c: '' });
  });

  it('names a last path segment holding a comma x-path-variable, decoded as the caller says', () => {
    const seen: [string, boolean][] = [];
    const out = signUrlParams('/sys/dict/getDictItems/sys_user,realname%2Cx,id?q=%E5%BC%A0', (p, inQuery) => {
      seen.push([p, inQuery]);
      return decodeOrKeep(p);
    });
    expect({ ...out }).toEqual({ 'x-path-variable': 'sys_user,realname,x,id', q: '张' });
    expect(seen).toContainEqual(['sys_user,realname%2Cx,id', false]);
    expect(seen).toContainEqual(['%E5%BC%A0', true]);
  });

  it('keeps a __proto__ key as a plain entry and a malformed escape as it is', () => {
    const out = signUrlParams('/x?__proto__=1&b=%E0%A4%A', decodeOrKeep);
    expect(Object.keys(out).sort()).toEqual(['__proto__', 'b']);
    expect(out.b).toBe('%E0%A4%A');
  });
});
