import type { DatabaseSchema } from '@nlq/contracts';
import type { OfflineAnswerRequest, OfflineSqlRequest } from './engine-types';
import { AmbiguousQuestionError } from './checks/ambiguous-reading';
import { planAnswer, planOfStatement, type StatementPlan } from './answers/answer-plan';
import { clarificationFor } from './checks/clarification';
import { writeAnswerText } from './answers/answer-writer';
import { followUpIntent, looksLikeFollowUp } from './sketches/follow-up';
import { parseQuestion } from './sketches/parse-question';
import { withDistinctFilters, type QueryIntent } from './sketches/query-intent';
import { AmbiguousJoinError, JoinPlanner, NoJoinPathError } from './linking/join-planner';
import { UnmappedQuestionError } from './linking/question-items';
import { SchemaLexicon } from './linking/schema-lexicon';
import { buildSql } from './sql/sql-builder';
import { checkIntent } from './checks/intent-check';
import { selfCheck } from './checks/intent-self-check';
import { unanswerable } from './unanswerable';
import { WordResolver } from './linking/word-resolver';
import { readDefinitions, withDefinitions, type DefinitionReading } from './knowledge/knowledge-definitions';
import { matchVerifiedExample } from './knowledge/verified-examples';

/** Construction options of {@link OfflineEngine}; all optional. */
export interface OfflineEngineOptions {
  /** Clock for relative date ranges ("last month", "this year"); default the system clock. */
  now?: () => Date;
  /** Rows of a ranking without a number and with a plural noun ("most expensive products"); default 10. */
  defaultTopN?: number;
}

interface Prepared {
  lexicon: SchemaLexicon;
  planner: JoinPlanner;
  resolver: WordResolver;
}

/**
 * The built-in offline engine: no model, no network. It maps common question shapes onto the introspected schema
 * it receives (tables, columns, foreign keys, and the sample values of low-cardinality text columns) and writes one
 * SQL statement; it never guesses: a question it cannot map throws OfflineRefusalError saying what it did not
 * understand and how to configure a model. Relative dates ("last month") are relative to the clock (`now`), not to
 * the latest date in the data. A correction attempt (`previousAttempt` set) is refused: the engine would write the
 * same SQL again. Answers are worded from the rows with the plan generateSql returns with the SQL (`answerPlan`).
 */
export class OfflineEngine {
  private readonly now: () => Date;
  private readonly defaultTopN: number;
  private readonly prepared = new WeakMap<DatabaseSchema, Prepared>();

  constructor(options: OfflineEngineOptions = {}) {
    this.now = options.now ?? (() => new Date());
    this.defaultTopN = options.defaultTopN ?? 10;
  }

  private prepare(schema: DatabaseSchema): Prepared {
    let p = this.prepared.get(schema);
    if (!p) {
      const lexicon = new SchemaLexicon(schema);
      p = { lexicon, planner: new JoinPlanner(schema), resolver: new WordResolver(lexicon) };
      this.prepared.set(schema, p);
    }
    return p;
  }

  /**
   * Write SQL for `request.question` in `request.dialect`; lists carry `LIMIT request.maxRows` (TOP for SQL Server).
   * A question that a verified example asks (verified-examples.ts; not a follow-up) is answered with the example's
   * SQL, and `exampleId` names it.
   * @throws OfflineRefusalError when the question cannot be mapped, or on a correction attempt.
   */
  async generateSql(
    request: OfflineSqlRequest,
  ): Promise<{ sql: string; exampleId?: string; answerPlan?: StatementPlan }> {
    if (request.previousAttempt) {
      throw unanswerable(
        `its SQL failed (${request.previousAttempt.error.slice(0, 200)}) and it cannot write a different statement`,
      );
    }
    const followUp = Boolean(request.conversation?.length) && looksLikeFollowUp(request.question);
    const example = followUp ? null : matchVerifiedExample(request.question, request.examples, request.knowledge);
    if (example) return { sql: example.sql, ...(example.id ? { exampleId: example.id } : {}) };
    const { lexicon, planner, resolver } = this.prepare(request.schema);
    const parse = (question: string) =>
      parseQuestion(question, lexicon, planner, { now: this.now(), defaultTopN: this.defaultTopN, resolver });
    // business definitions the question uses: their words restated for the reader, their SQL applied to its intent
    let definitions: DefinitionReading | null;
    try {
      definitions = readDefinitions(request.question, request.knowledge, lexicon);
    } catch (e) {
      if (e instanceof UnmappedQuestionError) throw unanswerable(e.message);
      throw e;
    }
    if (definitions) request = { ...request, question: definitions.question };
    // a follow-up's previous question is read with the definitions it used ("total revenue in 2024" -> "and in 2023?")
    const parsePrevious = (question: string) => {
      const used = readDefinitions(question, request.knowledge, lexicon);
      return withDefinitions(parse(used ? used.question : question), used, planner);
    };
    const write = (req: OfflineSqlRequest) => {
      // a condition repeated in the question ("Garden Garden Garden ...") is written once
      const read = withDefinitions(
        this.readWithConversation(req, parse, lexicon, planner, parsePrevious),
        definitions,
        planner,
      );
      const checked = checkIntent(withDistinctFilters(read), lexicon, planner, req.question);
      // the last check of its own reading: statements no question can mean are refused, never written
      const intent = selfCheck(checked, lexicon, req.question);
      return { intent, built: buildSql(intent, lexicon, planner, req.dialect, req.maxRows) };
    };
    try {
      const { intent, built } = write(request);
      return { sql: built.sql, answerPlan: { sql: built.sql, plan: planAnswer(intent, built, lexicon) } };
    } catch (e) {
      if (e instanceof AmbiguousQuestionError) {
        // ask back with the readings the engine itself answers without asking again (each restated question is read alone)
        throw clarificationFor(request.question, e, (question) => {
          try {
            write({ ...request, question, conversation: [] });
            return true;
          } catch (again) {
            return again instanceof AmbiguousQuestionError ? again : false;
          }
        });
      }
      if (e instanceof UnmappedQuestionError || e instanceof AmbiguousJoinError || e instanceof NoJoinPathError)
        throw unanswerable(e.message);
      throw e;
    }
  }

  /**
   * The question's intent, read as a follow-up of the conversation's newest turn when it looks like one ("and in
   * 2024?") or when it cannot be read alone (see follow-up.ts); otherwise read alone.
   */
  private readWithConversation(
    request: OfflineSqlRequest,
    parse: (question: string) => QueryIntent,
    lexicon: SchemaLexicon,
    planner: JoinPlanner,
    parsePrevious: (question: string) => QueryIntent = parse,
  ): QueryIntent {
    const conversation = request.conversation ?? [];
    if (conversation.length && looksLikeFollowUp(request.question)) {
      return (
        followUpIntent(request.question, conversation, parse, lexicon, planner, parsePrevious) ??
        parse(request.question)
      );
    }
    try {
      return parse(request.question);
    } catch (e) {
      const followUp = conversation.length
        ? followUpIntent(request.question, conversation, parse, lexicon, planner, parsePrevious)
        : null;
      if (!followUp) throw e;
      return followUp;
    }
  }

  /**
   * A plain sentence from the rows, worded with the plan generateSql handed out with the SQL when the request hands it
   * back for the same SQL text (see writeAnswerText); without one the sentence is generic.
   */
  async writeAnswer(request: OfflineAnswerRequest): Promise<{ text: string }> {
    return { text: writeAnswerText(request, planOfStatement(request.answerPlan, request.sql)) };
  }
}
