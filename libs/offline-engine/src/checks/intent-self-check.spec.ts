import type { DatabaseSchema } from '@nlq/contracts';
import { selfCheck } from './intent-self-check';
import { OfflineEngine } from '../offline-engine';
import type { ReadIntent } from '../sketches/query-intent';
import { SchemaLexicon } from '../linking/schema-lexicon';
import { LEDGER_SCHEMA, SHOP_SCHEMA } from '../testing';
import { OfflineRefusalError } from '../unanswerable';

/** The engine's last check refuses SQL no question can mean, naming the words, on two schemas. */
const list = (subject: string, extra: Partial<ReadIntent> = {}): ReadIntent => ({
  kind: 'list',
  subject,
  filters: [],
  group: null,
  measure: null,
  limit: null,
  direction: 'asc',
  columns: [],
  ...extra,
});
const eq = (table: string, column: string, value: string | number) =>
  ({ kind: 'compare', ref: { table, column }, op: '=', value, label: String(value) }) as const;
const check = (schema: DatabaseSchema, intent: ReadIntent, question: string) => () =>
  selfCheck(intent, new SchemaLexicon(schema), question);

describe('one column equal to two values under AND', () => {
  it.each([
    [SHOP_SCHEMA, 'orders', 'status', 'shipped', 'delivered'],
    [LEDGER_SCHEMA, 'invoices', 'state', 'open', 'paid'],
  ])('is refused naming both values', (schema, table, column, a, b) => {
    const intent = list(table, { filters: [eq(table, column, a), eq(table, column, b)] });
    expect(check(schema, intent, `${table} ${a} and ${b}`)).toThrow(new RegExp(`"${a}" and "${b}"`));
    expect(check(schema, list(table, { filters: [eq(table, column, a), eq(table, column, a)] }), a)).not.toThrow();
  });

  it('"orders that are shipped and delivered" is refused by the engine, "shipped or delivered" is IN', async () => {
    const engine = new OfflineEngine();
    const ask = (question: string) =>
      engine.generateSql({ question, dialect: 'sqlite', schema: SHOP_SCHEMA, maxRows: 10 });
    await expect(ask('Orders that are shipped and delivered')).rejects.toThrow(OfflineRefusalError);
    await expect(ask('Orders that are shipped and delivered')).rejects.toThrow(/"shipped" and "delivered"/);
    expect((await ask('Orders that are shipped or delivered')).sql).toContain("status IN ('shipped', 'delivered')");
  });
});

describe('a word compared with a column stored as numbers', () => {
  it.each([
    [SHOP_SCHEMA, 'orders', 'id'],
    [LEDGER_SCHEMA, 'invoices', 'amount'],
  ])('%#: is refused naming the word', (schema, table, column) => {
    expect(check(schema, list(table, { filters: [eq(table, column, 'Acme Corp')] }), 'Acme Corp')).toThrow(
      /"Acme Corp"/,
    );
    expect(check(schema, list(table, { filters: [eq(table, column, 7)] }), '7')).not.toThrow();
  });
});

describe('the number of a ranking read as a value too', () => {
  const top = (table: string, column: string, price: string): ReadIntent =>
    list(table, {
      kind: 'top',
      limit: 5,
      direction: 'desc',
      filters: [eq(table, column, 5)],
      measure: {
        fn: 'none',
        expr: { kind: 'column', ref: { table, column: price } },
        alias: price,
        label: price,
        money: false,
      },
    });
  it.each([
    [SHOP_SCHEMA, 'order_items', 'quantity', 'unit_price'],
    [LEDGER_SCHEMA, 'invoice_lines', 'qty', 'price'],
  ])('%#: is refused, unless the question says the number twice', (schema, table, column, price) => {
    expect(check(schema, top(table, column, price), `the 5 most expensive lines`)).toThrow(/number 5/);
    expect(check(schema, top(table, column, price), `the 5 most expensive lines with 5 units`)).not.toThrow();
  });
});

describe('COUNT(DISTINCT x) GROUP BY x, sums of keys and rankings by an unnamed key', () => {
  const count = (table: string, column: string, fn: 'count' | 'sum'): ReadIntent =>
    list(table, {
      kind: 'aggregate',
      group: fn === 'count' ? { kind: 'column', ref: { table, column } } : null,
      measure: { fn, expr: { kind: 'column', ref: { table, column } }, alias: 'n', label: 'n', money: false },
    });
  it.each([
    [SHOP_SCHEMA, 'orders', 'status', 'customer_id'],
    [LEDGER_SCHEMA, 'invoices', 'state', 'client_id'],
  ])('%#: each is refused', (schema, table, text, key) => {
    expect(check(schema, count(table, text, 'count'), 'how many per')).toThrow(/always 1/);
    expect(check(schema, count(table, key, 'sum'), 'total')).toThrow(new RegExp(`key column ${key}`));
    const ordered = list(table, { orderBy: { by: { table, column: key }, direction: 'desc' } });
    expect(check(schema, ordered, `${table} in descending order of amount`)).toThrow(/order the rows by the key/);
    expect(check(schema, ordered, `${table} by ${key.replace('_', ' ')} descending`)).not.toThrow();
  });
});
