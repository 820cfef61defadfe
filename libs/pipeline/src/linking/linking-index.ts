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
  /** Characters of the table as the prompt renders it in full (renderTableSchema). */
  fullChars: number;
}

/** Fields of a table's document and their BM25 boosts: a word in the table name says most about the table. */
export const DOCUMENT_BOOSTS = { name: 3, namespace: 1.5, columns: 1, comments: 0.8, values: 1.2 } as const;

interface TableDocument {
  id: number;
  name: string;
  namespace: string;
  columns: string;
  comments: string;
  values: string;
}

const cache = new WeakMap<DatabaseSchema, LinkingIndex>();

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
  private readonly search: MiniSearch<TableDocument>;

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
      return {
        position,
        table,
        area: areas.get(areaName)!,
        columnTerms,
        valueTerms,
        keyColumns,
        fullChars: renderTableSchema(table).length + TABLE_SEPARATOR_CHARS,
      };
    });
    this.areaCount = areas.size;
    this.fullChars = Math.max(0, this.tables.reduce((s, t) => s + t.fullChars, 0) - TABLE_SEPARATOR_CHARS);
    this.search = new MiniSearch<TableDocument>({
      fields: Object.keys(DOCUMENT_BOOSTS),
      tokenize: textWords,
      processTerm: (word) => wordTerms(word),
      searchOptions: { boost: { ...DOCUMENT_BOOSTS }, combineWith: 'OR' },
    });
    this.search.addAll(
      this.tables.map(({ table, position }) => ({
        id: position,
        name: table.name,
        namespace: table.schema ?? '',
        columns: table.columns.map((c) => c.name).join(' '),
        comments: [table.comment ?? '', ...table.columns.map((c) => c.comment ?? '')].join(' '),
        values: table.columns.flatMap((c) => c.sampleValues ?? []).join(' '),
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
    const results = this.search.search([...terms.keys()].join(' '), {
      tokenize: (text) => text.split(' '),
      processTerm: (term) => term,
      boostTerm: (term) => terms.get(term) ?? 1,
      fuzzy: (term) => (term.length >= 6 ? 1 : false),
      maxFuzzy: 1,
    });
    for (const r of results) out.set(r.id as number, r.score);
    return out;
  }

  /** `schema.name` of a table position. */
  nameOf(position: number): string {
    return qualifiedTableName(this.tables[position].table);
  }
}

/**
 * A copy of `table` whose foreign keys name their target as the prompt must (`schema.table` when the target
 * has a schema, the bare name otherwise), resolved in the catalog; the table itself when nothing changes.
 */
function canonicalReferences(table: TableSchema, position: number, tables: readonly TableSchema[], lookup: TableLookup): TableSchema {
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
