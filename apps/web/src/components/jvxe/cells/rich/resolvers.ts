import { http } from '../../../../api/http';
import { loadDepartTree } from '../../../JSelectDepart/depart-tree';
import { resolveItems } from '../../../JSelectDepart/logic';
import { fetchMultiUser } from '../../../JSelectUserByDep';
import { storeOf, textOf } from '../../../JSelectUserByDep/logic';
import { TextResolver } from './text-resolver';

/** One resolver per kind and settings, shared by every cell of every table on the page. */
const resolvers = new Map<string, TextResolver>();

function shared(key: string, make: () => TextResolver): TextResolver {
  let r = resolvers.get(key);
  if (!r) {
    r = make();
    resolvers.set(key, r);
  }
  return r;
}

/** forget every cached text (tests; after users / departments were edited) */
export function clearResolvers(): void {
  for (const r of resolvers.values()) r.clear();
  resolvers.clear();
}

/** User texts: one GET /sys/user/getMultiUser?{store}=a,b,… for the values shown together. */
export function userResolver(store: string, text: string): TextResolver {
  return shared(
    `user:${store}:${text}`,
    () =>
      new TextResolver(async (values) => {
        const users = await fetchMultiUser(store, values.join(','));
        return new Map(users.map((u) => [storeOf(u, store), textOf(u, text)]));
      }),
  );
}

/** Department texts from the department tree (loaded once and cached by the picker module). */
export function departResolver(store: string, text: string): TextResolver {
  return shared(
    `depart:${store}:${text}`,
    () =>
      new TextResolver(async (values) => {
        const items = resolveItems(await loadDepartTree(), values.join(','), { storeField: store, textField: text });
        return new Map(items.map((i) => [i.value, i.text]));
      }),
  );
}

function dictPath(code: string): string {
  return encodeURI(code).replace(/#/g, '%23').replace(/\?/g, '%3F');
}

/**
 * Table-dictionary texts (`table,text,code[,condition]`): one GET /sys/dict/loadDictItem/{dict}?key=a,b&delNotExist=false
 * (labels in key order, unknown keys echoed).
 */
export function tableDictResolver(dict: string): TextResolver {
  return shared(
    `dict:${dict}`,
    () =>
      new TextResolver(async (values) => {
        const res = await http.get<string[]>(
          `/sys/dict/loadDictItem/${dictPath(dict)}`,
          { key: values.join(','), delNotExist: 'false' },
          { silent: true },
        );
        const labels = res.success && Array.isArray(res.result) ? res.result : [];
        const out = new Map<string, string>();
        if (labels.length === values.length) for (const [i, v] of values.entries()) out.set(v, String(labels[i] ?? v));
        return out;
      }),
  );
}
