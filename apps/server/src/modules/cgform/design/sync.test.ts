import { describe, expect, it } from 'vitest';
import { typeChange } from './sync.ts';

describe('typeChange', () => {
  it.each([
    ['varchar(32)', 'varchar(32)', 'same'],
    ['varchar(32)', 'varchar(100)', 'widen'],
    ['varchar(32)', 'text', 'widen'],
    ['varchar(100)', 'varchar(32)', 'convert'],
    ['text', 'varchar(100)', 'convert'],
    ['integer', 'varchar(11)', 'widen'],
    ['integer', 'varchar(5)', 'convert'],
    ['integer', 'double precision', 'widen'],
    ['integer', 'numeric(12,2)', 'widen'],
    ['integer', 'numeric(5,2)', 'convert'],
    ['numeric(10,2)', 'numeric(12,4)', 'widen'],
    ['numeric(10,2)', 'numeric(10,4)', 'convert'],
    ['numeric(10,2)', 'numeric(10,1)', 'convert'],
    ['double precision', 'numeric(20,4)', 'convert'],
    ['double precision', 'integer', 'convert'],
    ['varchar(20)', 'integer', 'convert'],
    ['date', 'timestamp(0)', 'widen'],
    ['timestamp(0)', 'date', 'convert'],
    ['timestamp(6)', 'timestamp(0)', 'convert'],
    ['date', 'varchar(10)', 'widen'],
    ['timestamp(0)', 'varchar(19)', 'convert'],
    ['timestamp(0)', 'varchar(32)', 'widen'],
    ['bytea', 'text', 'refuse'],
    ['varchar(10)', 'bytea', 'refuse'],
    ['bigint', 'numeric(19,0)', 'widen'],
    ['bigint', 'integer', 'convert'],
    ['bigint', 'double precision', 'convert'],
    ['char(10)', 'varchar(10)', 'widen'],
    ['jsonb', 'text', 'widen'],
    ['jsonb', 'integer', 'convert'],
  ] as const)('%s → %s is %s', (from, to, kind) => {
    expect(typeChange(from, to)).toBe(kind);
  });
});
