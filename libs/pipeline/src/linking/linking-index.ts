/**
 * The per-schema index of schema linking, built once per introspected schema and reused by every question:
 * a BM25 index over one document a table (MiniSearch), a value index (which columns hold a word), the
 * foreign-key graph, namespaces, and the rendered size of every table.
 */
import MiniSearch from 'minisearch';
import type { DatabaseSchema, TableSchema } from '@nlq/contracts';
import { renderTableSchema } from '@nlq/llm-providers';
import { ForeignKeyGraph } from './foreign-key-graph';
import { textTerms, textWords, wordTerms } from './linking-terms';
import { qualifiedTableName, TableLookup } from './table-identity';

/** One table of the index. Column positions index `table.columns`. */
export interface IndexedTable {
  position: number;
  /** The catalog's table with foreign keys naming their target's schema (see canonicalReferences). */
  table: TableSchema;
  /** Namespace number (one per distinct schema; the default schema is one too). */
  area: number;
  /** term -> columns whose name or comment holds it. */
  columnTerms: Map<string, number[]>;
  /** term -> columns whose sample values hold it (the value index). */
  valueTerms: Map<string, number[]>;
  /** Columns always shown, even in a compact table: primary and foreign key columns. */
  keyColumns: number[];
  /** A label column (`name`, `title`, `*_name`), shown in compact tables so rows can be named; -1 when none. */
  labelColumn: number;
  /** Characters of the table as the prompt renders it in full (renderTableSchema), separator included. */
  fullChars: number;
  /** Characters of its smallest compact view (key and label columns, no values): a lower bound of any view. */
  minChars: number;
}

/** Fields of a table's document and their BM25 boosts: a word in the table name says most about the table. */
export const DOCUMENT_BOOSTS = {
  name: 3,
  namespace: 1.5,
  columns: 1,
  comments: 0.8,
  values: 1.2,
  likelyValues: 0.5,
} as const;

/**
 * The document of one table. `likelyValues`: for a text column without sample values (too many distinct values
 * to list), the sample values of same-named columns elsewhere in the catalog: its values are unknown, not absent,
 * and a column named like one that holds a word may well hold it too (copies of a table in staging or archive
 * schemas, the same entity in two databases).
 */
interface TableDocument {
  id: number;
  name: string;
  namespace: string;
  columns: string;
  comments: string;
  values: string;
  likelyValues: string;
}

/** At most this many values of same-named columns are borrowed for one column without samples. */
const LIKELY_VALUES_LIMIT = 200;

const cache = new WeakMap<DatabaseSchema, LinkingIndex>();

/** Shortest question term looked up inside longer identifier words, and the weight of such a match. */
const INFIX_MIN_LENGTH = 4;
const INFIX_WEIGHT = 0.7;

/** Separator the prompt puts between two tables (renderSchema): counted in every size. */
export const TABLE_SEPARATOR_CHARS = 2;

/**
 * Index of one schema. Build cost is linear in the schema's text (about 50 ms for 1,000 tables); it is cached
 * per schema object (WeakMap), so the pipeline's cached schema is indexed once per introspection.
 */
export class LinkingIndex {
  readonly tables: IndexedTable[];
  readonly lookup: TableLookup;
  readonly graph: ForeignKeyGraph;
  /** Number of distinct namespaces. */
  readonly areaCount: number;
  /** Characters of the whole schema as the prompt renders it (renderSchema). */
  readonly fullChars: number;
  /** The smallest `minChars` of any table: once less than this is left, no table fits. */
  readonly smallestChars: number;
  private readonly search: MiniSearch<TableDocument>;
  /** Distinct terms of table and column names, for infix matches into unsplit compounds (`sbtransaction`). */
  private readonly identifierTerms: string[];

  /** The cached index of `schema`, building it on first use. */
  static of(schema: DatabaseSchema): LinkingIndex {
    let index = cache.get(schema);
    if (!index) {
      index = new LinkingIndex(schema);
      cache.set(schema, index);
    }
    return index;
  }

  private constructor(schema: DatabaseSchema) {
    this.lookup = new TableLookup(schema.tables);
    this.graph = new ForeignKeyGraph(schema.tables, this.lookup);
    const areas = new Map<string, number>();
    this.tables = schema.tables.map((original, position) => {
      const table = canonicalReferences(original, position, schema.tables, this.lookup);
      const areaName = (table.schema ?? '').toLowerCase();
      if (!areas.has(areaName)) areas.set(areaName, areas.size);
      const columnTerms = new Map<string, number[]>();
      const valueTerms = new Map<string, number[]>();
      const add = (map: Map<string, number[]>, terms: string[], column: number) => {
        for (const t of terms) {
          const list = map.get(t);
          if (!list) map.set(t, [column]);
          else if (list[list.length - 1] !== column) list.push(column);
        }
      };
      table.columns.forEach((c, i) => {
        add(columnTerms, [...textTerms(c.name), ...textTerms(c.comment)], i);
        for (const v of c.sampleValues ?? []) add(valueTerms, textTerms(String(v)), i);
      });
      const keyNames = new Set([...table.primaryKey, ...table.foreignKeys.flatMap((fk) => fk.columns)]);
      const keyColumns = table.columns.flatMap((c, i) => (c.primaryKey || keyNames.has(c.name) ? [i] : []));
      const labelColumn = table.columns.findIndex((c) => /(^|_|[a-z])(name|title)$/i.test(c.name) && !c.primaryKey);
      const minimal = new Set([...keyColumns, labelColumn]);
      const minColumns = table.columns.filter((_c, i) => minimal.has(i)).map((c) => c.name);
      return {
        position,
        table,
        area: areas.get(areaName)!,
        columnTerms,
        valueTerms,
        keyColumns,
        labelColumn,
        fullChars: renderTableSchema(table).length + TABLE_SEPARATOR_CHARS,
        minChars:
          renderTableSchema({ ...table, promptColumns: minColumns, promptValueColumns: [] }).length +
          TABLE_SEPARATOR_CHARS,
      };
    });
    this.areaCount = areas.size;
    this.smallestChars = this.tables.reduce((m, t) => Math.min(m, t.minChars), Infinity);
    this.fullChars = Math.max(0, this.tables.reduce((s, t) => s + t.fullChars, 0) - TABLE_SEPARATOR_CHARS);
    this.search = new MiniSearch<TableDocument>({
      fields: Object.keys(DOCUMENT_BOOSTS),
      tokenize: textWords,
      processTerm: (word) => wordTerms(word),
      searchOptions: { boost: { ...DOCUMENT_BOOSTS }, combineWith: 'OR' },
    });
    const identifiers = new Set<string>();
    for (const { table } of this.tables)
      for (const text of [table.name, ...table.columns.map((c) => c.name)])
        for (const t of textTerms(text)) identifiers.add(t);
    this.identifierTerms = [...identifiers].filter((t) => t.length >= INFIX_MIN_LENGTH + 2);
    const valuesByColumnName = new Map<string, Set<string>>();
    for (const { table } of this.tables) {
      for (const c of table.columns) {
        if (!c.sampleValues?.length) continue;
        const set = valuesByColumnName.get(c.name.toLowerCase()) ?? new Set<string>();
        for (const v of c.sampleValues) if (set.size < LIKELY_VALUES_LIMIT) set.add(String(v));
        valuesByColumnName.set(c.name.toLowerCase(), set);
      }
    }
    this.search.addAll(
      this.tables.map(({ table, position }) => ({
        id: position,
        name: table.name,
        namespace: table.schema ?? '',
        columns: table.columns.map((c) => c.name).join(' '),
        comments: [table.comment ?? '', ...table.columns.map((c) => c.comment ?? '')].join(' '),
        values: table.columns.flatMap((c) => c.sampleValues ?? []).join(' '),
        likelyValues: table.columns
          .filter((c) => !c.sampleValues?.length && !c.primaryKey && isTextType(c.type))
          .flatMap((c) => [...(valuesByColumnName.get(c.name.toLowerCase()) ?? [])])
          .join(' '),
      })),
    );
  }

  /**
   * BM25 scores of the tables for weighted query terms (term -> weight, from questionTerms). The scoring is
   * MiniSearch's BM25+ (S. Robertson and H. Zaragoza, "The Probabilistic Relevance Framework: BM25 and Beyond",
   * 2009; Y. Lv and C. Zhai, "Lower-bounding term frequency normalization", 2011) with per-field boosts
   * (DOCUMENT_BOOSTS); terms of six letters or more also match at one edit (fuzzy, weighted down by MiniSearch).
   * @returns table position -> score (> 0), only for tables that match
   */
  scores(terms: ReadonlyMap<string, number>): Map<number, number> {
    const out = new Map<number, number>();
    if (terms.size === 0) return out;
    const weights = this.withInfixMatches(terms);
    const results = this.search.search([...weights.keys()].join(' '), {
      tokenize: (text) => text.split(' '),
      processTerm: (term) => term,
      boostTerm: (term) => weights.get(term) ?? 1,
      fuzzy: (term) => (term.length >= 6 ? 1 : false),
      maxFuzzy: 1,
    });
    for (const r of results) out.set(r.id as number, r.score);
    return out;
  }

  /**
   * `terms` plus identifier terms that contain a term of at least INFIX_MIN_LENGTH letters inside a longer word
   * (schemas that write `sbtransaction` or `custname` without separators), at INFIX_WEIGHT of the term's weight.
   */
  private withInfixMatches(terms: ReadonlyMap<string, number>): Map<string, number> {
    const out = new Map(terms);
    for (const [term, weight] of terms) {
      if (term.length < INFIX_MIN_LENGTH || /^\d+$/.test(term)) continue;
      for (const id of this.identifierTerms) {
        if (id.length >= term.length + 2 && id.includes(term) && !out.has(id)) out.set(id, weight * INFIX_WEIGHT);
      }
    }
    return out;
  }
}

/** True for character types (text, varchar, char, string, nvarchar, clob, ...) and untyped SQLite columns. */
function isTextType(type: string): boolean {
  return type === '' || /char|text|string|clob/i.test(type);
}

/**
 * A copy of `table` whose foreign keys name their target as the prompt must (`schema.table` when the target
 * has a schema, the bare name otherwise), resolved in the catalog; the table itself when nothing changes.
 */
function canonicalReferences(
  table: TableSchema,
  position: number,
  tables: readonly TableSchema[],
  lookup: TableLookup,
): TableSchema {
  let changed = false;
  const foreignKeys = table.foreignKeys.map((fk) => {
    const target = lookup.resolveReference(position, fk.referencedTable);
    if (target < 0) return fk;
    const name = qualifiedTableName(tables[target]);
    if (name === fk.referencedTable) return fk;
    changed = true;
    return { ...fk, referencedTable: name };
  });
  return changed ? { ...table, foreignKeys } : table;
}
