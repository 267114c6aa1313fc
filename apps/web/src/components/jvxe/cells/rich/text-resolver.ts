import { useEffect, useSyncExternalStore } from 'react';
import { splitStored } from './extend';

/**
 * Texts of stored values (user names, department names, table-dictionary labels) for many cells at once: the values
 * asked for while a frame renders are loaded in ONE call, answers are cached, and every cell showing one of them
 * re-renders once. Values the loader does not know keep their raw text; a failed load does not retry in a loop.
 */
export class TextResolver {
  private readonly texts = new Map<string, string>();
  private readonly pending = new Set<string>();
  private readonly inFlight = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private version = 0;

  constructor(
    private readonly loader: (values: string[]) => Promise<Map<string, string>>,
    private readonly batchMs = 0,
  ) {}

  /** the known text of one part, or undefined */
  text(part: string): string | undefined {
    return this.texts.get(part);
  }

  /** the text of a comma value: known texts, unknown parts as they are */
  textOf(value: unknown): string {
    return splitStored(value)
      .map((p) => this.texts.get(p) ?? p)
      .join(',');
  }

  /** remember texts learnt elsewhere (a picker's chosen rows) */
  remember(entries: Iterable<[string, string]>): void {
    let changed = false;
    for (const [k, v] of entries) {
      if (this.texts.get(k) === v) continue;
      this.texts.set(k, v);
      changed = true;
    }
    if (changed) this.bump();
  }

  /** ask for the parts of a value not known yet (batched) */
  request(value: unknown): void {
    let added = false;
    for (const p of splitStored(value)) {
      if (this.texts.has(p) || this.inFlight.has(p) || this.pending.has(p)) continue;
      this.pending.add(p);
      added = true;
    }
    if (added && !this.timer) this.timer = setTimeout(() => void this.flush(), this.batchMs);
  }

  /** load what is pending now (tests, or callers that want the answer) */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const values = [...this.pending];
    this.pending.clear();
    if (!values.length) return;
    for (const v of values) this.inFlight.add(v);
    let found = new Map<string, string>();
    try {
      found = await this.loader(values);
    } catch {
      found = new Map();
    }
    for (const v of values) {
      this.inFlight.delete(v);
      this.texts.set(v, found.get(v) ?? v);
    }
    this.bump();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  /** forget everything (tests) */
  clear(): void {
    this.texts.clear();
    this.pending.clear();
    this.inFlight.clear();
    this.bump();
  }

  private bump() {
    this.version++;
    for (const l of this.listeners) l();
  }
}

/** The text of a stored value through a resolver (asks for the unknown parts). */
export function useResolvedText(resolver: TextResolver | null, value: unknown): string {
  useSyncExternalStore(
    resolver ? resolver.subscribe : noopSubscribe,
    resolver ? resolver.getVersion : zero,
    resolver ? resolver.getVersion : zero,
  );
  useEffect(() => {
    resolver?.request(value);
  }, [resolver, value]);
  return resolver ? resolver.textOf(value) : splitStored(value).join(',');
}

const noopSubscribe = () => () => undefined;
const zero = () => 0;
