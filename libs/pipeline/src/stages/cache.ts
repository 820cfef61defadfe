import { createHash } from 'node:crypto';
import { stemWord, splitWords } from '../word-stemmer';

/**
 * Pipeline step 2 (docs/architecture.md; docs/http-api.md "Contract: limits": key = session + query hash + model version, TTL 300 s, semantic
 * similarity). Exact answers live in a ResultCache under `resultCacheKey`; near-identical questions of the same
 * connection, session and user may reuse earlier SQL through `NearDuplicateIndex` (the SQL is re-executed; rows
 * are never shared across sessions, users or connections).
 */

/**
 * Normalise a question for hashing: lower case, runs of white space collapsed to one space, trailing punctuation
 * (`?`, `!`, `.`, `;`, `:`, `,`, and white space) removed.
 */
export function normalizeQuestion(question: string): string {
  return question
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s?!.;:,]+$/u, '');
}

/** SHA-256 hex of the normalised question. */
export function questionHash(question: string): string {
  return createHash('sha256').update(normalizeQuestion(question)).digest('hex');
}

/** Key prefix of every cache entry of one connection (for `ResultCache.clear`). */
export function connectionCachePrefix(connectionId: string): string {
  return `nlq:${encodeURIComponent(connectionId)}:`;
}

/**
 * Result cache key: connection, session, user, normalised-question hash, model id, schema version, when the
 * question was asked with earlier turns the conversation's fingerprint (stages/conversation.ts) and, when business
 * definitions matched, their ids and versions (`knowledge`, knowledge/match-definitions.ts: a changed definition
 * never serves an old answer), each part URI-encoded so that a `:` inside an id cannot forge another key.
 */
export function resultCacheKey(parts: {
  connectionId: string;
  sessionId: string;
  userId: string;
  question: string;
  modelId: string;
  schemaVersion: string;
  context?: string;
  knowledge?: string;
}): string {
  const enc = encodeURIComponent;
  const key = [
    enc(parts.sessionId),
    enc(parts.userId),
    questionHash(parts.question),
    enc(parts.modelId),
    enc(parts.schemaVersion),
  ];
  if (parts.context) key.push(enc(parts.context));
  if (parts.knowledge) key.push(`k=${enc(parts.knowledge)}`);
  return connectionCachePrefix(parts.connectionId) + key.join(':');
}

/**
 * Whose questions may share SQL: one connection, session and user, the conversation context ('' for none) and the
 * business definitions the question matched with their versions ('' for none), so SQL is never reused across a
 * definition change.
 */
export interface ReuseScope {
  connectionId: string;
  sessionId: string;
  userId: string;
  context?: string;
  knowledge?: string;
}

/**
 * Words that carry no meaning for a database question (articles, pronouns, auxiliaries, politeness, request verbs).
 * Words that change a query's meaning (before, after, not, from, to, top, many, much, per, each...) are NOT here.
 */
const STOP_WORDS = new Set(
  (
    'a an the this that these those is are was were be been being am do does did have has had can could would will shall should ' +
    'please i me my we our us you your they them their it its there here what which who whom whose ' +
    'show list give display tell find get return fetch see know want need let of in on at for by with and all every'
  ).split(' '),
);

/** Similarity over which an earlier question counts as near-identical (token-set Jaccard, see `questionSimilarity`). */
export const NEAR_DUPLICATE_THRESHOLD = 0.9;

/** Content words of a question: split, stop words removed, stemmed (so `customers` and `customer` meet). */
export function contentWords(question: string): Set<string> {
  return new Set(
    splitWords(question)
      .filter((w) => !STOP_WORDS.has(w))
      .map(stemWord),
  );
}

/** Numbers and quoted literals of a question, which must match exactly for SQL reuse (`top 5` is not `top 10`). */
export function questionLiterals(question: string): string[] {
  const literals = question.match(/\d+(?:[.,]\d+)*|'[^']*'|"[^"]*"/g) ?? [];
  return literals.map((l) => l.toLowerCase()).sort();
}

/**
 * Token-set Jaccard similarity |A ∩ B| / |A ∪ B| of the two questions' content words (0..1), and 0 when their
 * numbers or quoted literals differ. With the 0.9 threshold one differing content word is tolerated only in
 * questions of 19 or more content words, so in practice reuse happens for questions that differ in stop words,
 * plural/singular, case, spacing and punctuation ("List all customers" ~ "show me the customers").
 */
export function questionSimilarity(a: string, b: string): number {
  const la = questionLiterals(a);
  const lb = questionLiterals(b);
  if (la.length !== lb.length || la.some((v, i) => v !== lb[i])) return 0;
  const wa = contentWords(a);
  const wb = contentWords(b);
  if (wa.size === 0 || wb.size === 0) return 0;
  let common = 0;
  for (const w of wa) if (wb.has(w)) common++;
  return common / (wa.size + wb.size - common);
}

/** One remembered question whose SQL ran successfully. */
export interface RememberedQuestion {
  question: string;
  sql: string;
  modelId: string;
  schemaVersion: string;
  /** Epoch milliseconds the entry was remembered. */
  at: number;
}

/** A reusable earlier question, with its similarity to the new one. */
export interface NearDuplicate extends RememberedQuestion {
  similarity: number;
}

/**
 * In-process memory of recent successful read questions for near-duplicate SQL reuse, scoped by connection,
 * session, user and conversation context (so SQL and rows never cross them). At most `perScope` questions a scope and `maxScopes` scopes
 * (least recently used scope evicted); entries older than `ttlSeconds` or of another model or schema version are
 * never returned. Per api replica: a replica that has not seen a question simply generates SQL again.
 */
export class NearDuplicateIndex {
  private readonly scopes = new Map<string, RememberedQuestion[]>();

  constructor(
    private readonly options: {
      ttlSeconds: number;
      threshold?: number;
      perScope?: number;
      maxScopes?: number;
      clock?: () => number;
    },
  ) {}

  private scopeKey(scope: ReuseScope): string {
    const context =
      (scope.context ? `:${encodeURIComponent(scope.context)}` : '') +
      (scope.knowledge ? `:k=${encodeURIComponent(scope.knowledge)}` : '');
    return (
      connectionCachePrefix(scope.connectionId) +
      `${encodeURIComponent(scope.sessionId)}:${encodeURIComponent(scope.userId)}${context}`
    );
  }

  /** Remember a question whose SQL answered successfully. */
  remember(scope: ReuseScope, entry: Omit<RememberedQuestion, 'at'>): void {
    const key = this.scopeKey(scope);
    const now = (this.options.clock ?? Date.now)();
    const normalized = normalizeQuestion(entry.question);
    const list = (this.scopes.get(key) ?? []).filter((e) => normalizeQuestion(e.question) !== normalized);
    list.push({ ...entry, at: now });
    while (list.length > (this.options.perScope ?? 20)) list.shift();
    this.scopes.delete(key);
    this.scopes.set(key, list);
    while (this.scopes.size > (this.options.maxScopes ?? 1000))
      this.scopes.delete(this.scopes.keys().next().value as string);
  }

  /** The most similar live earlier question at or over the threshold, or null. */
  find(scope: ReuseScope, question: string, modelId: string, schemaVersion: string): NearDuplicate | null {
    const list = this.scopes.get(this.scopeKey(scope));
    if (!list) return null;
    const now = (this.options.clock ?? Date.now)();
    const threshold = this.options.threshold ?? NEAR_DUPLICATE_THRESHOLD;
    let best: NearDuplicate | null = null;
    for (const entry of list) {
      if (entry.modelId !== modelId || entry.schemaVersion !== schemaVersion) continue;
      if (now - entry.at > this.options.ttlSeconds * 1000) continue;
      const similarity = questionSimilarity(question, entry.question);
      if (similarity >= threshold && (!best || similarity > best.similarity)) best = { ...entry, similarity };
    }
    return best;
  }

  /** Forget every question of one connection (schema refresh), or everything. */
  clear(connectionId?: string): void {
    if (connectionId === undefined) {
      this.scopes.clear();
      return;
    }
    const prefix = connectionCachePrefix(connectionId);
    for (const key of [...this.scopes.keys()]) if (key.startsWith(prefix)) this.scopes.delete(key);
  }
}
