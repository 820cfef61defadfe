import { cellInSentence as formatCell, columnLabel, numericValue, type ReadResult } from '@nlq/contracts';

/** Most rows a template lists by name (a year of months fits); longer results go to the model (or the factual summary). */
export const TEMPLATE_LIST_ROWS = 12;
/** Most columns a one-row template states. */
export const TEMPLATE_ROW_COLUMNS = 6;

/** Column labels that say nothing about the value (`SELECT COUNT(*) AS n`): a one-value answer then reads "The answer is 3." */
const GENERIC_LABELS = new Set([
  'cnt',
  'val',
  'value',
  'result',
  'column',
  'expr',
  'answer',
  'res',
  'num',
  'column 1',
  'col',
]);

/** A column name as words (moved to libs/contracts, shared with the web app's table headers). */
export { columnLabel };

/** `a`, `a and b`, `a, b and c`. */
function joinList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** A cell as the web app's table shows it: contracts formatCell with the currency sign (`$241,800.00`, `1,234`). */
function cell(value: unknown, column: string): string {
  return formatCell(value, column, { currency: true });
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The answer a template can state exactly from the rows alone, with values formatted as the web app's table shows
 * them (libs/contracts value-format, money with its currency sign), or null when the result needs a model to word it (docs/architecture.md step 11):
 * - no rows: "No rows matched the question.";
 * - one value: "Total amount: $1,234.50." ("The answer is 3." when the column name says nothing, as `n`);
 * - one row of at most TEMPLATE_ROW_COLUMNS columns: "One row: name Ada, country France.";
 * - at most TEMPLATE_LIST_ROWS rows of one column ("3 rows: Ada, Bob and Cy.") or of a label and a number
 *   ("3 rows: France (12), Peru (9) and Chile (4).").
 * A result cut by the row limit is never stated as complete: it gets null.
 */
export function templateAnswer(result: ReadResult): string | null {
  const { columns, rows } = result;
  if (result.truncated) return null;
  if (rows.length === 0) return 'No rows matched the question.';
  if (columns.length === 0) return null;
  if (rows.length === 1 && columns.length === 1) {
    const label = columnLabel(columns[0]);
    const value = cell(rows[0][0], columns[0]);
    return label.length < 3 || GENERIC_LABELS.has(label)
      ? `The answer is ${value}.`
      : `${capitalize(label)}: ${value}.`;
  }
  if (rows.length === 1 && columns.length <= TEMPLATE_ROW_COLUMNS) {
    return `One row: ${columns.map((c, i) => `${columnLabel(c)} ${cell(rows[0][i], c)}`).join(', ')}.`;
  }
  if (rows.length > TEMPLATE_LIST_ROWS) return null;
  const count = `${rows.length} rows`;
  if (columns.length === 1) return `${capitalize(count)}: ${joinList(rows.map((r) => cell(r[0], columns[0])))}.`;
  if (columns.length === 2 && rows.every((r) => numericValue(r[1]) !== null || r[1] === null)) {
    const items = rows.map((r) => `${cell(r[0], columns[0])} (${cell(r[1], columns[1])})`);
    return `${capitalize(count)} (${columnLabel(columns[0])}, ${columnLabel(columns[1])}): ${joinList(items)}.`;
  }
  return null;
}
