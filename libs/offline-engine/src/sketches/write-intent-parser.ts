import { UnmappedQuestionError, itemize, type Item } from '../linking/question-items';
import type { CompareOp, WriteIntent } from './query-intent';
import type { QuestionToken } from '../words/question-tokenizer';
import type { LexiconTarget, SchemaLexicon } from '../linking/schema-lexicon';
import { humanize } from '../words/word-forms';
import { ORDERING_OPS } from './intent-words';
import type { Keyword } from '../words/question-vocabulary';

type Condition = WriteIntent['filters'][number];

/**
 * Simple single-table writes, so approval can be shown without a model:
 * - "delete orders with status cancelled", "remove customers where country is 'X'" (a condition is required);
 * - "update products set price = 9.99 where name is 'X'";
 * - "set the price of 'X' to 5", "change price of product 'X' to 5" (X is matched on the table's name column).
 * Anything else that starts with a write verb (insert, create, drop, alter, ...) throws UnmappedQuestionError.
 */
export function parseWriteIntent(tokens: QuestionToken[], lexicon: SchemaLexicon): WriteIntent {
  const verb = tokens[0].lower;
  const rest = tokens.slice(1);
  if (verb === 'delete' || verb === 'remove') return parseDelete(rest, lexicon);
  if (['update', 'set', 'change', 'modify'].includes(verb)) return parseUpdate(rest, lexicon);
  throw new UnmappedQuestionError(
    `the offline engine writes only simple DELETE and UPDATE statements, not "${tokens[0].raw}"`,
  );
}

function items(tokens: QuestionToken[], lexicon: SchemaLexicon): Item[] {
  const { items: out, unknown } = itemize(tokens, lexicon, new Set());
  if (unknown.length)
    throw new UnmappedQuestionError(
      `these words match no table, column or stored value: ${unknown.map((w) => `"${w}"`).join(', ')}`,
      unknown,
    );
  return out;
}

function tableOf(item: Item | undefined): string | null {
  if (item?.t !== 'mention') return null;
  const t = item.targets.find((x) => x.kind === 'table');
  return t ? t.table : null;
}

/** Conditions of a WHERE part on `table`: `column [is|=|not] value`, bare stored values, `named 'X'`. */
function conditions(list: Item[], table: string, lexicon: SchemaLexicon): Condition[] {
  const out: Condition[] = [];
  for (let k = 0; k < list.length; k++) {
    const it = list[k];
    if (it.t === 'kw' && ['eq', 'not', 'named'].includes(it.kw)) continue;
    if (
      it.t === 'mention' &&
      it.targets.some((t) => t.kind === 'table' && t.table === table) &&
      !it.targets.some((t) => t.kind === 'value')
    )
      continue;
    const read = conditionAt(list, k, table, lexicon);
    out.push(read.condition);
    k = read.end;
  }
  return out;
}

/**
 * The condition starting at `list[k]`: an optional column of `table`, operator words ("is", "not", "named", "over")
 * and a quoted text, a number or a stored value; `end` is the index of the value. Throws UnmappedQuestionError
 * when no condition can be read there or its column is not clear.
 */
function conditionAt(
  list: Item[],
  k: number,
  table: string,
  lexicon: SchemaLexicon,
): { condition: Condition; end: number } {
  let column = conditionColumn(list, k, table);
  const { op, named, end: j } = readOperators(list, column === null ? k : k + 1);
  const v = list[j];
  if (named && !column) {
    const label = lexicon.labelColumns(table);
    if (label.length !== 1) throw new UnmappedQuestionError(`${table} has no single name column`);
    column = label[0];
  }
  if (v?.t === 'quoted' || v?.t === 'num') {
    if (!column) throw new UnmappedQuestionError(`it could not tell which column "${v.text}" is for`);
    const value = v.t === 'num' ? v.value : v.text;
    return {
      condition: { kind: 'compare', ref: { table, column }, op, value, label: `${humanize(column)} ${v.text}` },
      end: j,
    };
  }
  if (v?.t === 'mention') {
    const values = v.targets.filter(
      (t): t is Extract<LexiconTarget, { kind: 'value' }> =>
        t.kind === 'value' && t.table === table && (!column || t.column === column),
    );
    const distinctCols = new Set(values.map((x) => x.column));
    if (values.length && distinctCols.size === 1) {
      const condition: Condition = {
        kind: 'compare',
        ref: { table, column: values[0].column },
        op,
        value: values[0].value,
        label: `${humanize(values[0].column)} ${values[0].value}`,
      };
      return { condition, end: j };
    }
    if (distinctCols.size > 1)
      throw new UnmappedQuestionError(`"${v.text}" could mean ${[...distinctCols].join(' or ')}`);
  }
  throw new UnmappedQuestionError(`it could not read the condition at "${(list[k] as { text: string }).text}"`);
}

/**
 * The column of `table` a condition at `list[k]` names (an exact name wins), or null when the item names none (or
 * is a stored value right after another mention). Throws UnmappedQuestionError when it could mean several.
 */
function conditionColumn(list: Item[], k: number, table: string): string | null {
  const it = list[k];
  if (
    it.t !== 'mention' ||
    !it.targets.some((t) => t.kind === 'column' && t.table === table) ||
    it.targets.some((t) => t.kind === 'value' && t.table === table && list[k - 1]?.t === 'mention')
  )
    return null;
  const cols = it.targets.filter(
    (t): t is Extract<LexiconTarget, { kind: 'column' }> => t.kind === 'column' && t.table === table,
  );
  const exact = cols.filter((c) => c.exact);
  const pick = exact.length ? exact : cols;
  if (pick.length !== 1)
    throw new UnmappedQuestionError(`"${it.text}" could mean ${pick.map((c) => c.column).join(' or ')}`);
  return pick[0].column;
}

/**
 * The operator words from `list[j]` on ("is", "=", "not", "named", "over", "at least"): the comparison (`=` unless
 * said), whether the value is a name, and the index after them.
 */
function readOperators(list: Item[], j: number): { op: CompareOp; named: boolean; end: number } {
  let op: CompareOp = '=';
  let named = false;
  while (
    list[j]?.t === 'kw' &&
    ['eq', 'not', 'named', 'gt', 'gte', 'lt', 'lte'].includes((list[j] as { kw: string }).kw)
  ) {
    const kw = (list[j] as { kw: string }).kw;
    if (kw === 'not') op = '<>';
    else if (kw === 'named') named = true;
    else if (kw !== 'eq') op = ORDERING_OPS.get(kw as Keyword) ?? op;
    j++;
  }
  return { op, named, end: j };
}

function parseDelete(tokens: QuestionToken[], lexicon: SchemaLexicon): WriteIntent {
  const list = items(tokens, lexicon);
  const tableIndex = list.findIndex((it) => tableOf(it));
  if (tableIndex < 0) throw new UnmappedQuestionError('it found no table to delete from');
  const table = tableOf(list[tableIndex]) as string;
  if (list.slice(0, tableIndex).some((it) => it.t !== 'kw' || it.kw !== 'sum'))
    throw new UnmappedQuestionError('it could not read what comes before the table name');
  const filters = conditions(list.slice(tableIndex + 1), table, lexicon);
  if (!filters.length)
    throw new UnmappedQuestionError('a delete needs a condition (for example "delete orders with status cancelled")');
  return { kind: 'delete', table, filters, set: null };
}

function parseUpdate(tokens: QuestionToken[], lexicon: SchemaLexicon): WriteIntent {
  const setAt = tokens.findIndex((t) => t.lower === 'set');
  const whereAt = tokens.findIndex((t) => t.lower === 'where');
  const toAt = tokens.findIndex((t) => t.lower === 'to');
  if (setAt > 0) {
    // update <table> set <column> = <value> [where <conditions>]
    const head = items(tokens.slice(0, setAt), lexicon);
    const table = tableOf(head.find((it) => tableOf(it)));
    if (!table || head.length !== 1)
      throw new UnmappedQuestionError('it expected "update <table> set <column> = <value> where ..."');
    const assign = items(tokens.slice(setAt + 1, whereAt > 0 ? whereAt : undefined), lexicon);
    const set = assignment(assign, table, lexicon);
    const filters = whereAt > 0 ? conditions(items(tokens.slice(whereAt + 1), lexicon), table, lexicon) : [];
    if (!filters.length) throw new UnmappedQuestionError('an update needs a where condition');
    return { kind: 'update', table, filters, set };
  }
  if (toAt > 0) {
    // [set|change] [the] <column> of [<table>] <value> to <new value>
    const ofAt = tokens.findIndex((t) => t.lower === 'of');
    if (ofAt <= 0 || ofAt > toAt) throw new UnmappedQuestionError('it expected "set <column> of <name> to <value>"');
    const colItems = items(tokens.slice(0, ofAt), lexicon).filter((it) => it.t === 'mention');
    const target = items(tokens.slice(ofAt + 1, toAt), lexicon);
    const valueItems = items(tokens.slice(toAt + 1), lexicon);
    if (colItems.length !== 1 || valueItems.length !== 1)
      throw new UnmappedQuestionError('it expected "set <column> of <name> to <value>"');
    const named = tableOf(target[0]);
    const cols = (colItems[0] as Extract<Item, { t: 'mention' }>).targets.filter(
      (t): t is Extract<LexiconTarget, { kind: 'column' }> => t.kind === 'column' && (!named || t.table === named),
    );
    const exact = cols.filter((c) => c.exact);
    const pick = exact.length ? exact : cols;
    if (pick.length !== 1)
      throw new UnmappedQuestionError(
        pick.length
          ? `"${colItems[0].text}" could mean ${pick.map((c) => `${c.table}.${c.column}`).join(' or ')}`
          : `"${colItems[0].text}" is not a column`,
      );
    const table = pick[0].table;
    const rest = named ? target.slice(1) : target;
    let filters: Condition[];
    if (rest.length === 1 && rest[0].t === 'quoted') {
      const label = lexicon.labelColumns(table);
      if (label.length !== 1)
        throw new UnmappedQuestionError(`${table} has no single name column for "${rest[0].text}"`);
      filters = [
        {
          kind: 'compare',
          ref: { table, column: label[0] },
          op: '=',
          value: rest[0].text,
          label: `named ${rest[0].text}`,
        },
      ];
    } else {
      filters = conditions(rest, table, lexicon);
    }
    if (!filters.length) throw new UnmappedQuestionError('it could not tell which rows to change');
    const v = valueItems[0];
    if (v.t !== 'num' && v.t !== 'quoted')
      throw new UnmappedQuestionError('the new value must be a number or a quoted text');
    return { kind: 'update', table, filters, set: { column: pick[0].column, value: v.t === 'num' ? v.value : v.text } };
  }
  throw new UnmappedQuestionError(
    'it expected "update <table> set <column> = <value> where ..." or "set <column> of <name> to <value>"',
  );
}

function assignment(list: Item[], table: string, _lexicon: SchemaLexicon): { column: string; value: string | number } {
  const [col, eq, val] = list;
  if (
    col?.t !== 'mention' ||
    eq?.t !== 'kw' ||
    eq.kw !== 'eq' ||
    !(val?.t === 'num' || val?.t === 'quoted' || val?.t === 'mention') ||
    list.length !== 3
  ) {
    throw new UnmappedQuestionError('it expected "set <column> = <value>"');
  }
  const cols = col.targets.filter(
    (t): t is Extract<LexiconTarget, { kind: 'column' }> => t.kind === 'column' && t.table === table,
  );
  const exact = cols.filter((c) => c.exact);
  const pick = exact.length ? exact : cols;
  if (pick.length !== 1) throw new UnmappedQuestionError(`"${col.text}" is not one column of ${table}`);
  if (val.t === 'mention') {
    const v = val.targets.find((t) => t.kind === 'value' && t.table === table && t.column === pick[0].column) as
      { value: string } | undefined;
    if (!v) throw new UnmappedQuestionError(`quote the new value "${val.text}"`);
    return { column: pick[0].column, value: v.value };
  }
  return { column: pick[0].column, value: val.t === 'num' ? val.value : val.text };
}
