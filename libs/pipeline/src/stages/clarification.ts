import type { HistoryEntry, StoredClarification } from '@nlq/contracts';
import { NoSuchClarificationError } from '../errors';

/** The option a person chose and the restated question it answers. */
export interface ChosenReading {
  /** Id of the query entry that asked back (the one the store's claimClarification claims). */
  entryId: string;
  optionId: string;
  label: string;
  question: string;
}

/** The session's open clarification: its newest query entry (history in any order, oldest first on ties) when that one asked back, else null. */
export function openClarification(history: readonly HistoryEntry[]): StoredClarification | null {
  return openClarificationEntry(history)?.clarification ?? null;
}

/** The query entry holding the session's open clarification (see {@link openClarification}), or null. */
function openClarificationEntry(
  history: readonly HistoryEntry[],
): (HistoryEntry & { clarification: StoredClarification }) | null {
  let latest: HistoryEntry | null = null;
  for (const entry of history) {
    if (entry.kind !== 'query') continue;
    if (!latest || entry.created_at >= latest.created_at) latest = entry;
  }
  return latest?.status === 'clarification' && latest.clarification
    ? (latest as HistoryEntry & { clarification: StoredClarification })
    : null;
}

/** Lower case, punctuation and surrounding "option"/"the" words removed, spaces collapsed. */
function normalized(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:option|number|choice|the)\s+/, '')
    .trim();
}

/**
 * The reading a person chose of the session's open clarification (docs/architecture.md "Readings and
 * clarifications"):
 * - `optionId` given (POST /api/chat `clarification_option`): that option, else NoSuchClarificationError;
 * - otherwise a reply in words answers it when it is an option's number ("1", "option 2", "#2"), its label or its
 *   restated question (case and punctuation aside); any other question is a new question (null), which leaves the
 *   clarification behind.
 * @param history the session's recent entries (any order)
 * @throws NoSuchClarificationError when `optionId` names no option of an open clarification
 */
export function chooseReading(
  sessionId: string,
  history: readonly HistoryEntry[],
  reply: { optionId?: string | null; question?: string | null },
): ChosenReading | null {
  const entry = openClarificationEntry(history);
  const open = entry?.clarification ?? null;
  if (reply.optionId !== undefined && reply.optionId !== null) {
    const option = open?.options.find((o) => o.id === String(reply.optionId).trim());
    if (!entry || !option) throw new NoSuchClarificationError(sessionId, String(reply.optionId), open !== null);
    return { entryId: entry.id, optionId: option.id, label: option.label, question: option.question };
  }
  if (!entry || typeof reply.question !== 'string') return null;
  const said = normalized(reply.question);
  if (!said) return null;
  const option = entry.clarification.options.find(
    (o) => said === o.id || said === normalized(o.label) || said === normalized(o.question),
  );
  return option ? { entryId: entry.id, optionId: option.id, label: option.label, question: option.question } : null;
}

/**
 * The text of a clarification as POST /query states it (docs/http-api.md "Contract: query adapter" has no field for options): the question, then each
 * option numbered, then how to answer. E.g. `Which "London" do you mean? 1. customers in London 2. employees in
 * London. Reply with the number or the words of one option, or ask in other words.`
 */
export function clarificationText(clarification: StoredClarification): string {
  const options = clarification.options.map((o) => `${o.id}. ${o.label}`).join('\n');
  return `${clarification.question}\n${options}\nReply with the number or the words of one option, or ask in other words.`;
}
