import { nameWords } from './value-format';

/** SQL aggregate function names as people say them. */
const AGGREGATE_WORDS = new Map<string, string>(
  Object.entries({
    count: 'number',
    sum: 'total',
    avg: 'average',
    average: 'average',
    min: 'lowest',
    max: 'highest',
    total: 'total',
  }),
);

/**
 * A result column's name as words, shared by the answer templates (libs/pipeline) and the web app's table headers and
 * chart labels, so both name a column alike: `total_revenue` -> `total revenue`, `COUNT(*)` ->
 * `number`, `SUM(o.amount)` -> `total amount`, `avg(unit_price)` -> `average unit price`. Qualifiers (`o.`) and
 * quotes are dropped; a name without words stays as it is.
 */
export function columnLabel(column: string): string {
  const call = /^\s*([a-z_]+)\s*\(\s*(distinct\s+)?(.*?)\s*\)\s*$/i.exec(column);
  if (call) {
    const fn = AGGREGATE_WORDS.get(call[1].toLowerCase()) ?? call[1].toLowerCase();
    const inner = call[3] === '*' ? '' : columnLabel(call[3].replace(/^.*\./, ''));
    return inner ? `${fn} ${inner}` : fn;
  }
  const words = nameWords(column.replace(/^.*\./, ''));
  return words.length ? words.join(' ') : column;
}
