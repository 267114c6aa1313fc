import type { PGlite } from '@electric-sql/pglite';

/**
 * Records the text of every statement an embedded instance executes, read from the protocol messages it is sent
 * (PGlite's own `query`, which sends parse, bind and execute one by one, its `exec` (simple queries), and the
 * one-call prepared reads of db/pglite-prepared.ts alike): a Parse names its text, a Bind puts a statement in a
 * portal, an Execute runs it.
 * Returns the growing list and a function that stops recording.
 */
export function recordStatements(pglite: PGlite): { executed: string[]; stop: () => void } {
  const executed: string[] = [];
  const statements = new Map<string, string>();
  const portals = new Map<string, string>();
  const inst = pglite as unknown as { execProtocolStream: (m: Uint8Array, o?: unknown) => Promise<unknown> };
  const original = inst.execProtocolStream;
  const decoder = new TextDecoder();
  inst.execProtocolStream = function (this: unknown, message: Uint8Array, opts?: unknown) {
    const view = new DataView(message.buffer, message.byteOffset, message.byteLength);
    let at = 0;
    while (at + 5 <= message.length) {
      const type = String.fromCharCode(message[at]);
      const length = view.getInt32(at + 1);
      let p = at + 5;
      const cstring = () => {
        const end = message.indexOf(0, p);
        const s = decoder.decode(message.subarray(p, end));
        p = end + 1;
        return s;
      };
      if (type === 'P') {
        const name = cstring();
        statements.set(name, cstring());
      } else if (type === 'B') {
        const portal = cstring();
        portals.set(portal, statements.get(cstring()) ?? '');
      } else if (type === 'Q') {
        executed.push(cstring());
      } else if (type === 'E') {
        executed.push(portals.get(cstring()) ?? '');
      }
      at += 1 + length;
    }
    return original.call(this, message, opts);
  };
  return {
    executed,
    stop: () => {
      inst.execProtocolStream = original;
    },
  };
}
