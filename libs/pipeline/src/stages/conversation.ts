import { createHash } from 'node:crypto';
import type { HistoryEntry } from '@nlq/contracts';
import type { ConversationTurn } from '@nlq/llm-providers';
import { NEAR_DUPLICATE_THRESHOLD, normalizeQuestion, questionSimilarity } from './cache';

/** Earlier turns sent with a question by default (PipelineConfig.conversationTurns). */
export const DEFAULT_CONVERSATION_TURNS = 5;
/** Characters of the earlier answer kept in a turn's one-line result summary. */
const SUMMARY_ANSWER_CHARS = 160;
/** Characters of earlier SQL kept per turn (longer statements are cut, marked with `…`). */
const TURN_SQL_CHARS = 1200;
/** Characters per prompt token, the estimate schema linking uses too. */
const CHARS_PER_TOKEN = 4;

/** `3 rows: There are 3 customers in France.`: the row count and the first line of the earlier answer. */
export function resultSummary(entry: Pick<HistoryEntry, 'row_count' | 'answer'>): string {
  const rows = entry.row_count === null ? 'answered' : `${entry.row_count} row${entry.row_count === 1 ? '' : 's'}`;
  const answer = (entry.answer ?? '').replace(/\s+/g, ' ').trim();
  if (!answer) return rows;
  return `${rows}: ${answer.length > SUMMARY_ANSWER_CHARS ? `${answer.slice(0, SUMMARY_ANSWER_CHARS - 1)}…` : answer}`;
}

/** Approximate prompt tokens of one turn (question, SQL and summary at 4 characters a token). */
export function turnTokens(turn: ConversationTurn): number {
  return Math.ceil((turn.question.length + turn.sql.length + turn.resultSummary.length + 40) / CHARS_PER_TOKEN);
}

/**
 * Pipeline step 6's conversation window (docs/architecture.md: the provider sees the session's recent turns so follow-ups
 * such as "and in the US?" resolve). From one session's history (any order), the answered reads on `connectionId`
 * (status ok, SQL present), newest first, skipping any whose question equals or nearly equals `question` (a
 * restated question is not its own context, and its SQL may then be reused by the near-duplicate cache) and repeats
 * of a newer question, at most `maxTurns`, while their estimated tokens fit
 * `tokenBudget`; returned oldest first, newest last.
 */
export function conversationWindow(
  history: readonly HistoryEntry[],
  options: { connectionId: string; question: string; maxTurns: number; tokenBudget: number },
): ConversationTurn[] {
  if (options.maxTurns <= 0 || options.tokenBudget <= 0) return [];
  const answered = history
    .filter(
      (e) =>
        e.kind === 'query' &&
        e.status === 'ok' &&
        e.sql &&
        e.question &&
        (e.connection_id ?? options.connectionId) === options.connectionId,
    )
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
  const seen = new Set([normalizeQuestion(options.question)]);
  const turns: ConversationTurn[] = [];
  let tokens = 0;
  for (const entry of answered) {
    if (turns.length >= options.maxTurns) break;
    const key = normalizeQuestion(entry.question as string);
    if (seen.has(key) || questionSimilarity(options.question, entry.question as string) >= NEAR_DUPLICATE_THRESHOLD)
      continue;
    seen.add(key);
    const sql = (entry.sql as string).trim();
    const turn: ConversationTurn = {
      question: (entry.question as string).trim(),
      sql: sql.length > TURN_SQL_CHARS ? `${sql.slice(0, TURN_SQL_CHARS - 1)}…` : sql,
      resultSummary: resultSummary(entry),
    };
    const cost = turnTokens(turn);
    if (tokens + cost > options.tokenBudget) break;
    tokens += cost;
    turns.push(turn);
  }
  return turns.reverse();
}

/**
 * What the conversation contributes to a result-cache key: '' for no turns, else the SHA-256 hex of the turns'
 * questions and SQL, so a follow-up is never answered from another context's cache entry.
 */
export function conversationFingerprint(turns: readonly ConversationTurn[]): string {
  if (turns.length === 0) return '';
  const hash = createHash('sha256');
  for (const turn of turns) hash.update(`${normalizeQuestion(turn.question)}\u0000${turn.sql}\u0000`);
  return hash.digest('hex');
}

/**
 * The text schema linking ranks tables by: the question, preceded by the newest earlier question so a follow-up
 * without table words ("and in the US?") keeps the tables of what it follows.
 */
export function linkingText(question: string, turns: readonly ConversationTurn[]): string {
  const last = turns[turns.length - 1];
  return last ? `${last.question}\n${question}` : question;
}
