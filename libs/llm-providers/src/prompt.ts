/**
 * Prompt building and reply interpretation shared by the model-backed providers (Ollama, OpenAI-compatible,
 * Anthropic). The built-in offline engine does not use prompts.
 */
import type { DatabaseSchema, Dialect, KnowledgeDefinition, TableSchema } from '@nlq/contracts';
import { formatCell as formatForPeople, numericValue } from '@nlq/contracts';
import { ClarificationNeededError, UnanswerableQuestionError, ProviderResponseError } from './errors';
import { ASK_BACK_RULE, parseAskBack } from './ask-back';
import { CANNOT_ANSWER_MARKER, cannotAnswerReason, extractSql, stripThinking } from './extract-sql';
import type { AnswerRequest, AnswerResult, SqlGenerationRequest, SqlGenerationResult, TokenUsage } from './provider';

/** A chat prompt: one system message and one user message. */
export interface ChatPrompt {
  system: string;
  user: string;
}

/** Display name, row-limit syntax, identifier quoting and date idioms of each dialect (from each engine's manual). */
const DIALECT_NOTES: Record<Dialect, { name: string; limit: (n: number) => string; notes: string }> = {
  sqlite: {
    name: 'SQLite',
    limit: (n) => `end the query with LIMIT ${n}`,
    notes: "Quote identifiers with double quotes. Dates are TEXT: use date(), strftime() and date('now').",
  },
  postgresql: {
    name: 'PostgreSQL',
    limit: (n) => `end the query with LIMIT ${n}`,
    notes:
      'Quote identifiers with double quotes. Use date_trunc(), EXTRACT(), now() and ILIKE for case-insensitive text.',
  },
  mysql: {
    name: 'MySQL',
    limit: (n) => `end the query with LIMIT ${n}`,
    notes: 'Quote identifiers with backticks. Use DATE_FORMAT(), YEAR(), CURDATE() and NOW().',
  },
  mariadb: {
    name: 'MariaDB',
    limit: (n) => `end the query with LIMIT ${n}`,
    notes: 'Quote identifiers with backticks. Use DATE_FORMAT(), YEAR(), CURDATE() and NOW().',
  },
  transactsql: {
    name: 'Microsoft SQL Server (T-SQL)',
    limit: (n) => `use SELECT TOP (${n}) (or ORDER BY ... OFFSET 0 ROWS FETCH NEXT ${n} ROWS ONLY); T-SQL has no LIMIT`,
    notes: 'Quote identifiers with square brackets. Use DATEADD(), DATEDIFF(), YEAR() and GETDATE().',
  },
  snowflake: {
    name: 'Snowflake',
    limit: (n) => `end the query with LIMIT ${n}`,
    notes:
      'Unquoted identifiers are upper case; quote mixed-case names with double quotes. Use DATE_TRUNC() and CURRENT_DATE().',
  },
};

/** At most this many sample values per column are shown in the prompt, each cut to SAMPLE_VALUE_CHARS. */
const MAX_SAMPLE_VALUES = 12;
const SAMPLE_VALUE_CHARS = 40;

/** Collapses whitespace so a catalog comment cannot break the schema layout. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function qualifiedName(table: TableSchema): string {
  return table.schema ? `${table.schema}.${table.name}` : table.name;
}

/**
 * A table as a prompt shows it. Schema linking may narrow what the prompt shows without removing anything from the
 * table itself (so other consumers, such as the offline engine, still see every column):
 * - `promptColumns`: the columns shown with their types; the others are counted in one `-- + N more columns` line;
 * - `promptValueColumns`: the columns whose sample values are shown.
 * Absent means all. Names are compared exactly as the catalog spells them.
 */
export interface PromptTableSchema extends TableSchema {
  promptColumns?: readonly string[];
  promptValueColumns?: readonly string[];
}

/**
 * The name a foreign key's target goes by in the prompt. Introspectors write a reference to a table outside the
 * default schema as `schema.table` and keep it as it is; a bare name from a table that has a schema (catalogs
 * merged per namespace, SQLite's bare references) is qualified with the owner's schema when `catalog` holds that
 * table there and no default-schema table of that name, so `sales.orders` and `archive.orders` never meet in the prompt.
 */
function referenceName(
  referencedTable: string,
  owner: TableSchema,
  catalog: readonly TableSchema[] | undefined,
): string {
  if (!owner.schema || !catalog || referencedTable.includes('.')) return referencedTable;
  const name = referencedTable.toLowerCase();
  const ownerSchema = owner.schema.toLowerCase();
  let sameSchema = false;
  for (const t of catalog) {
    if (t.name.toLowerCase() !== name) continue;
    if (!t.schema) return referencedTable;
    if (t.schema.toLowerCase() === ownerSchema) sameSchema = true;
  }
  return sameSchema ? `${owner.schema}.${referencedTable}` : referencedTable;
}

/**
 * Renders one table as compact CREATE TABLE-like text: every column with its declared type, NOT NULL, PRIMARY
 * KEY (inline for one column, a table constraint for several), REFERENCES for foreign keys (naming the target's
 * schema, see referenceName; `catalog` is the rest of the schema, used to resolve bare names), and `--` comments
 * carrying catalog comments and up to 12 sample values of low-cardinality text columns. A {@link PromptTableSchema}
 * shows only its `promptColumns` (then `-- + N more columns`) and the values of its `promptValueColumns`.
 */
export function renderTableSchema(table: PromptTableSchema, catalog?: readonly TableSchema[]): string {
  const singleFk = new Map<string, string>();
  const compositeFks: string[] = [];
  for (const fk of table.foreignKeys) {
    const target = referenceName(fk.referencedTable, table, catalog);
    if (fk.columns.length === 1) singleFk.set(fk.columns[0], `REFERENCES ${target}(${fk.referencedColumns[0] ?? ''})`);
    else
      compositeFks.push(
        `FOREIGN KEY (${fk.columns.join(', ')}) REFERENCES ${target}(${fk.referencedColumns.join(', ')})`,
      );
  }
  const pk = table.primaryKey.length ? table.primaryKey : table.columns.filter((c) => c.primaryKey).map((c) => c.name);
  const shownNames = table.promptColumns ? new Set(table.promptColumns) : null;
  const valueNames = table.promptValueColumns ? new Set(table.promptValueColumns) : null;
  const shownColumns = shownNames ? table.columns.filter((c) => shownNames.has(c.name)) : table.columns;
  const hidden = table.columns.length - shownColumns.length;
  const lines = shownColumns.map((column) => {
    const parts = [column.name, column.type || 'ANY'];
    if (pk.length === 1 && pk[0] === column.name) parts.push('PRIMARY KEY');
    if (!column.nullable && !(pk.length === 1 && pk[0] === column.name)) parts.push('NOT NULL');
    const fk = singleFk.get(column.name);
    if (fk) parts.push(fk);
    const notes: string[] = [];
    if (column.comment) notes.push(oneLine(column.comment));
    if (column.sampleValues?.length && (!valueNames || valueNames.has(column.name))) {
      const shown = column.sampleValues
        .slice(0, MAX_SAMPLE_VALUES)
        .map((v) => `'${oneLine(String(v)).slice(0, SAMPLE_VALUE_CHARS).replace(/'/g, "''")}'`);
      const more = column.sampleValues.length > MAX_SAMPLE_VALUES ? ', ...' : '';
      notes.push(`values: ${shown.join(', ')}${more}`);
    }
    return { text: parts.join(' '), note: notes.join('; ') };
  });
  const constraints = [...(pk.length > 1 ? [`PRIMARY KEY (${pk.join(', ')})`] : []), ...compositeFks];
  const body = [...lines, ...constraints.map((c) => ({ text: c, note: '' }))];
  const header: string[] = [];
  if (table.comment) header.push(oneLine(table.comment));
  if (table.rowCount != null) header.push(`about ${table.rowCount} rows`);
  const head = `CREATE ${table.kind === 'view' ? 'VIEW' : 'TABLE'} ${qualifiedName(table)} (${header.length ? ` -- ${header.join('; ')}` : ''}`;
  const rendered = body.map((line, i) => {
    const comma = i < body.length - 1 ? ',' : '';
    return `  ${line.text}${comma}${line.note ? ` -- ${line.note}` : ''}`;
  });
  if (hidden > 0) rendered.push(`  -- + ${hidden} more column${hidden === 1 ? '' : 's'}`);
  return [head, ...rendered, ');'].join('\n');
}

/** Rendered schemas by schema object: a schema snapshot is never changed once introspected (a new version is a new object). */
const renderedSchemas = new WeakMap<DatabaseSchema, string>();

/**
 * Renders every table of the (linked) schema, separated by blank lines; references resolve within `schema`.
 * Kept per schema object, so a schema under the linking budget (which linking passes on as it is) is rendered once,
 * not on every question.
 */
export function renderSchema(schema: DatabaseSchema): string {
  let text = renderedSchemas.get(schema);
  if (text === undefined) {
    text = schema.tables.map((t) => renderTableSchema(t, schema.tables)).join('\n\n');
    renderedSchemas.set(schema, text);
  }
  return text;
}

/** Heading of the prompt section holding the business definitions that apply to the question. */
export const DEFINITIONS_HEADING = 'Business definitions you must follow:';

/**
 * The prompt section of the business definitions that apply to a question (docs/knowledge.md "At question time"):
 * each metric (`name: expression, filter`), filter (`name: condition`), synonym (`word -> target`) and every
 * instruction of scope `scope`, under {@link DEFINITIONS_HEADING}, with the rule that a question using a defined term
 * uses exactly its expression and filter. [] when nothing applies.
 */
export function renderDefinitions(
  definitions: readonly KnowledgeDefinition[] | undefined,
  scope: 'sql' | 'answer',
): string[] {
  const lines: string[] = [];
  for (const d of definitions ?? []) {
    if (d.deleted) continue;
    if (d.kind === 'metric' && scope === 'sql')
      lines.push(
        `- metric "${oneLine(d.name)}": ${oneLine(d.expression)}${d.filter ? `, only rows where ${oneLine(d.filter)}` : ''}`,
      );
    else if (d.kind === 'filter' && scope === 'sql')
      lines.push(`- filter "${oneLine(d.name)}": ${oneLine(d.condition)}`);
    else if (d.kind === 'synonym' && scope === 'sql')
      lines.push(`- synonym "${oneLine(d.name)}" -> ${oneLine(d.target)}`);
    else if (d.kind === 'instruction' && d.scope === scope) lines.push(`- instruction: ${oneLine(d.text)}`);
  }
  if (lines.length === 0) return [];
  const rule =
    scope === 'sql'
      ? 'A question that uses a defined term must use exactly its expression, and its filter as a condition of the WHERE clause (or of a JOIN); a defined filter is written exactly as its condition.'
      : 'Follow these instructions when you word the answer.';
  return [DEFINITIONS_HEADING, ...lines, rule];
}

/** An answer request with the answer-scope instructions of the business definitions that apply. */
export type AnswerPromptRequest = AnswerRequest & { knowledge?: readonly KnowledgeDefinition[] };

/**
 * Builds the text-to-SQL prompt.
 * - system: the dialect's rules: one read-only statement unless the question clearly asks to change data, only
 *   schema tables and columns, columns qualified by table or alias, the dialect's row-limit syntax with
 *   `request.maxRows`, identifier quoting and date idioms, the exact `CANNOT_ANSWER: <why>` escape and the
 *   `CLARIFY:` ask-back form (ask-back.ts).
 * - user: the compact schema (renderSchema), the business definitions that apply (renderDefinitions), few-shot examples, the session's earlier turns (question, SQL, one-line
 *   result; oldest first, newest last) so a follow-up resolves (docs/architecture.md step 6), the previous failed SQL with its
 *   error on a correction attempt (docs/architecture.md step 10), then the question.
 */
export function buildSqlPrompt(request: SqlGenerationRequest): ChatPrompt {
  const dialect = DIALECT_NOTES[request.dialect] ?? DIALECT_NOTES.postgresql;
  const system = [
    `You are an expert ${dialect.name} developer. You translate a person's question into one ${dialect.name} SQL statement for the database described by the user.`,
    'Rules:',
    '1. Write exactly one statement. Write a read-only query (SELECT, or WITH ... SELECT) unless the question clearly asks to change data (add, insert, update, change, delete, remove); never write DDL unless the question clearly asks for it.',
    '2. Use only tables and columns that appear in the schema. Qualify every column with its table name or alias.',
    `3. Unless the question asks for a single aggregate value, return at most ${request.maxRows} rows: ${dialect.limit(request.maxRows)}.`,
    '4. Compute counts, sums, averages and rankings in SQL. Give readable columns (names, not only ids) when the question asks for things.',
    `5. ${dialect.notes}`,
    `6. If the schema cannot answer the question, reply exactly "${CANNOT_ANSWER_MARKER}: <short reason>" and nothing else.`,
    `7. ${ASK_BACK_RULE}`,
    '8. Otherwise reply with the SQL in one ```sql fenced block and no explanation.',
  ].join('\n');

  const parts: string[] = [`Database schema (${dialect.name}):`, renderSchema(request.schema)];
  const definitions = renderDefinitions(request.knowledge, 'sql');
  if (definitions.length) parts.push('', ...definitions);
  if (request.examples.length) {
    parts.push('', 'Examples of questions with correct SQL for this database:');
    for (const example of request.examples) {
      parts.push(`Question: ${oneLine(example.question)}`, '```sql', example.sql.trim(), '```');
    }
  }
  if (request.conversation?.length) {
    parts.push(
      '',
      'Earlier in this conversation (oldest first). The question may follow up on them: resolve words such as "them", "those", "and in ...?" or "only the ones ..." from these turns, keeping their subject and filters unless the question replaces them.',
    );
    for (const turn of request.conversation) {
      parts.push(
        `Earlier question: ${oneLine(turn.question)}`,
        '```sql',
        turn.sql.trim(),
        '```',
        `Result: ${oneLine(turn.resultSummary)}`,
      );
    }
  }
  if (request.previousAttempt) {
    parts.push(
      '',
      'Your previous SQL for this question failed:',
      '```sql',
      request.previousAttempt.sql.trim(),
      '```',
      `Error: ${oneLine(request.previousAttempt.error)}`,
      'Write a corrected statement that avoids this error.',
    );
  }
  parts.push('', `Question: ${request.question.trim()}`);
  return { system, user: parts.join('\n') };
}

/** At most this many rows and characters per cell go into an answer prompt (a hard cap on top of the pipeline's). */
export const ANSWER_PROMPT_MAX_ROWS = 50;
const ANSWER_CELL_CHARS = 80;

/** Formats one result cell for the prompt table: NULL, ISO dates, JSON for objects, `|` escaped, cut to 80 chars. */
function formatCell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = 'NULL';
  else if (value instanceof Date) text = Number.isNaN(value.getTime()) ? String(value) : value.toISOString();
  else if (typeof value === 'bigint') text = value.toString();
  else if (Buffer.isBuffer(value)) text = `<${value.length} bytes>`;
  else if (typeof value === 'object')
    text = JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
  else text = String(value);
  text = oneLine(text).replace(/\|/g, '\\|');
  return text.length > ANSWER_CELL_CHARS ? `${text.slice(0, ANSWER_CELL_CHARS - 1)}…` : text;
}

/** Renders columns and rows as a compact Markdown table (at most ANSWER_PROMPT_MAX_ROWS rows). */
export function renderRowsTable(columns: string[], rows: unknown[][]): string {
  const header = `| ${columns.map(formatCell).join(' | ')} |`;
  const rule = `|${columns.map(() => '---').join('|')}|`;
  const body = rows
    .slice(0, ANSWER_PROMPT_MAX_ROWS)
    .map((row) => `| ${columns.map((_c, i) => formatCell(row[i])).join(' | ')} |`);
  return [header, rule, ...body].join('\n');
}

/**
 * Builds the answer-writing prompt: the question, the SQL that ran and the (bounded) result rows as a compact
 * table with the true row count. The model must answer in a few plain sentences using only values present in the
 * rows, never inventing or estimating numbers, and say when it sees only part of the result (docs/architecture.md step 11).
 */
export function buildAnswerPrompt(request: AnswerPromptRequest): ChatPrompt {
  const system = [
    "You answer a person's question in plain words from the result of a database query.",
    'Reply with one to three short sentences, no Markdown table, no SQL and no mention of SQL or queries.',
    'Use only names, values and numbers that appear in the result rows. Never invent, estimate or recompute numbers that are not in the rows.',
    'If the result has no rows, say that nothing matched the question.',
    'If you see only part of the result, say that the answer covers only the rows shown.',
    'Write every number as the result table writes it (its grouping, decimals and currency sign).',
    'Name every row of a result of at most 12 rows; for more, name the first ones and say how many others there are.',
    'A period marked "so far" is not over yet: keep those words.',
  ].join('\n');
  const shown = Math.min(request.rows.length, ANSWER_PROMPT_MAX_ROWS);
  const partial = request.truncated || shown < request.rowCount;
  const summary = partial
    ? `Result: ${request.rowCount}${request.truncated ? ' or more' : ''} rows; the first ${shown} are shown.`
    : `Result: ${request.rowCount} row${request.rowCount === 1 ? '' : 's'}.`;
  const user = [
    `Question: ${request.question.trim()}`,
    '',
    'SQL that was run:',
    request.sql.trim(),
    '',
    summary,
    request.columns.length ? renderRowsTable(request.columns, readableNumbers(request)) : '(no columns)',
    ...(() => {
      const definitions = renderDefinitions(request.knowledge, 'answer');
      return definitions.length ? ['', ...definitions] : [];
    })(),
  ].join('\n');
  return { system, user };
}

/**
 * The rows with their numbers written as the web app's table writes them (contracts formatCell with the currency
 * sign: `$241,800.00`, `1,234`), so a model's answer repeats them as people read them; other cells as they are.
 */
function readableNumbers(request: AnswerPromptRequest): unknown[][] {
  return request.rows.map((row) =>
    row.map((value, i) =>
      typeof value !== 'boolean' && numericValue(value) !== null
        ? formatForPeople(value, request.columns[i] ?? '', { currency: true })
        : value,
    ),
  );
}

/**
 * Turns a raw SQL-generation reply to `question` into a result: `CANNOT_ANSWER: why` (after any reasoning block)
 * throws UnanswerableQuestionError with the reason; a `CLARIFY:` reply with two or more readings throws
 * ClarificationNeededError (ask-back.ts); otherwise the extracted SQL ('' when the reply holds none).
 */
export function interpretSqlReply(raw: string, tokens: TokenUsage | null, question = ''): SqlGenerationResult {
  const askBack = parseAskBack(raw, question);
  if (askBack) throw new ClarificationNeededError(askBack);
  const reason = cannotAnswerReason(raw);
  if (reason !== null) {
    throw new UnanswerableQuestionError(
      `The model cannot answer this question from the database schema: ${reason}. Rephrase the question or ask about data the connection holds.`,
    );
  }
  return { sql: extractSql(raw), raw, tokens };
}

/**
 * Turns a raw answer reply into an AnswerResult: reasoning blocks removed, trimmed.
 * @throws ProviderResponseError when nothing is left (`providerLabel` names the provider in the message)
 */
export function interpretAnswerReply(raw: string, tokens: TokenUsage | null, providerLabel: string): AnswerResult {
  const text = stripThinking(raw);
  if (!text) throw new ProviderResponseError(`${providerLabel} returned an empty answer.`);
  return { text, tokens };
}
