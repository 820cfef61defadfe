import type { SchemaTableView } from '@nlq/contracts';
import { filterTables } from '../components/schema-panel';
import { barLayout, valueAxisWidth, wrapLabel } from './chart-data';
import { columnTitle, formatTableCell } from './format';
import { insertWord } from './insert-text';
import { refusedByPolicy, suggestedQuestion } from './refusal';
import { stageTotalMs } from './stage-summary';

describe('chat workday helpers', () => {
  it('names columns in words and formats money as the answers do', () => {
    expect(columnTitle('total_sales')).toBe('Total sales');
    expect(columnTitle('avg_total_amount')).toBe('Avg total amount');
    expect(columnTitle('SUM(o.amount)')).toBe('Total amount');
    expect(formatTableCell(739157.41, 'total_sales')).toBe('$739,157.41');
    expect(formatTableCell(1000, 'customer_count')).toBe('1,000');
    expect(formatTableCell('2024-03-01T00:00:00.000Z', 'order_date')).toBe('2024-03-01');
    expect(formatTableCell(null, 'x')).toBe('NULL');
  });

  it('lays out bar charts so that every category is labelled', () => {
    const short = barLayout(['a', 'b', 'c'].map((x) => ({ x, v: 1 })));
    expect(short).toMatchObject({ horizontal: false, rotated: false });
    const long = barLayout(['Computers', 'Sports & Outdoors'].map((x) => ({ x, v: 1 })));
    expect(long.horizontal).toBe(true);
    expect(long.lines['Sports & Outdoors']).toEqual(['Sports & Outdoors']);
    expect(barLayout(Array.from({ length: 11 }, (_, i) => ({ x: `c${i}`, v: i }))).horizontal).toBe(true);
    expect(barLayout(Array.from({ length: 8 }, (_, i) => ({ x: `c${i}`, v: i }))).rotated).toBe(true);
    expect(wrapLabel('Home & Kitchen appliances and other goods', 14)).toEqual([
      'Home & Kitchen',
      'appliances and',
      'other goods',
    ]);
    expect(wrapLabel('Supercalifragilistic', 8).join('')).toBe('Supercalifragilistic');
    expect(valueAxisWidth([{ x: 'a', v: 739157.41 }], ['v'])).toBeGreaterThan(
      valueAxisWidth([{ x: 'a', v: 7 }], ['v']),
    );
  });

  it("finds a refusal's suggested question and a policy refusal", () => {
    expect(
      suggestedQuestion(
        '... to mean \'Germany\' (name of country), ask "How many customers from Germany?". The built-in ...',
      ),
    ).toBe('How many customers from Germany?');
    expect(suggestedQuestion('lookups such as "what is the capital of X"')).toBeNull();
    expect(refusedByPolicy({ success: false, kind: 'write', pending_approval: false }, undefined)).toBe(true);
    expect(refusedByPolicy({ success: false, kind: 'read', pending_approval: false }, undefined)).toBe(false);
    expect(refusedByPolicy({ success: false, kind: 'write', pending_approval: true }, undefined)).toBe(false);
    expect(refusedByPolicy(undefined, { status: 'refused', sql: 'DELETE FROM t' })).toBe(true);
    expect(refusedByPolicy(undefined, { status: 'error', sql: null })).toBe(false);
  });

  it('inserts a name at the caret with spaces, folds stage times, filters the schema', () => {
    expect(insertWord('total', 5, 5, 'amount')).toEqual({ text: 'total amount ', caret: 13 });
    expect(insertWord('per  please', 4, 4, 'x')).toEqual({ text: 'per x please', caret: 5 });
    expect(
      stageTotalMs([
        { stage: 'a', running: false, durationMs: 2 },
        { stage: 'b', running: false, durationMs: 3 },
      ]),
    ).toBe(5);
    expect(stageTotalMs([{ stage: 'a', running: false, durationMs: 2 }], 40)).toBe(40);
    expect(stageTotalMs([])).toBeNull();
    const table = (name: string, columns: string[]): SchemaTableView => ({
      schema: null,
      name,
      kind: 'table',
      description: null,
      columns: columns.map((c) => ({
        name: c,
        type: 'TEXT',
        nullable: true,
        primary_key: false,
        references: null,
        description: null,
      })),
      primary_key: [],
      foreign_keys: [],
    });
    const tables = [table('orders', ['total_amount', 'status']), table('categories', ['name'])];
    expect(filterTables(tables, 'AMOUNT')).toEqual([{ ...tables[0], columns: [tables[0].columns[0]] }]);
    expect(filterTables(tables, 'categ')).toEqual([tables[1]]);
    expect(filterTables(tables, ' ')).toEqual(tables);
  });
});
