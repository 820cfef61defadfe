import type { Benchmark } from '@nlq/contracts';
import { parseCsv } from '@nlq/pipeline';
import { parseDocument, stringify } from 'yaml';
import { ApiException } from '../../platform/common/api.exception';

/** The format version GET /api/benchmarks/{id}/export writes and the YAML import reads. */
export const BENCHMARK_YAML_VERSION = 1;

/** Separator of context questions in the optional `context` column of a CSV import. */
export const CSV_CONTEXT_SEPARATOR = ' | ';

/** What an imported document holds before its questions are checked: a name, a connection and raw questions. */
export interface ImportedBenchmark {
  name: string | null;
  connectionId: string | null;
  questions: unknown[];
  /** The document's `schedule` (checked when the benchmark is created), undefined when it names none. */
  schedule?: unknown;
}

/** A benchmark as the YAML document of docs/http-api.md "Benchmarks": version, name, connection_id, questions, schedule. */
export function benchmarkYaml(benchmark: Benchmark): string {
  const document = {
    version: BENCHMARK_YAML_VERSION,
    name: benchmark.name,
    connection_id: benchmark.connection_id,
    questions: benchmark.questions,
    ...(benchmark.schedule ? { schedule: benchmark.schedule } : {}),
  };
  return `# nlq benchmark (docs/http-api.md "Benchmarks")\n${stringify(document, { lineWidth: 0 })}`;
}

/** The name, connection and questions of a YAML document. @throws ApiException 400 (field `content`) otherwise. */
export function parseBenchmarkYaml(text: string): ImportedBenchmark {
  const document = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  if (document.errors.length > 0) throw contentError(`not valid YAML: ${document.errors[0].message.split('\n')[0]}`);
  const value: unknown = document.toJS({ maxAliasCount: 0 });
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw contentError('must be a mapping with a questions list (docs/http-api.md "Benchmarks")');
  const fields = new Map(Object.entries(value));
  const questions = fields.get('questions');
  if (!Array.isArray(questions)) throw contentError('must hold a questions list (docs/http-api.md "Benchmarks")');
  const name = fields.get('name');
  const connectionId = fields.get('connection_id');
  return {
    name: typeof name === 'string' ? name : null,
    connectionId: typeof connectionId === 'string' ? connectionId : null,
    questions,
    schedule: fields.get('schedule'),
  };
}

/**
 * The questions of a CSV document (RFC 4180) whose header names the columns `question` and `expected_sql`, and
 * optionally `context` (earlier questions separated by {@link CSV_CONTEXT_SEPARATOR}).
 * @throws ApiException 400 (field `content`) for unreadable CSV or missing columns.
 */
export function parseBenchmarkCsv(text: string): ImportedBenchmark {
  let records: string[][];
  try {
    records = parseCsv(text).filter((r) => r.some((f) => f.trim() !== ''));
  } catch (error) {
    throw contentError(`not valid CSV: ${(error as Error).message}`);
  }
  const header = (records[0] ?? []).map((h) => h.trim().toLowerCase());
  const questionAt = header.indexOf('question');
  const sqlAt = header.indexOf('expected_sql');
  const contextAt = header.indexOf('context');
  if (questionAt < 0 || sqlAt < 0) throw contentError('the header must name the columns question and expected_sql');
  const questions = records.slice(1).map((record) => {
    const context = contextAt >= 0 ? (record[contextAt] ?? '').split(CSV_CONTEXT_SEPARATOR.trim()) : [];
    const earlier = context.map((c) => c.trim()).filter((c) => c !== '');
    return {
      question: record[questionAt] ?? '',
      expected_sql: record[sqlAt] ?? '',
      ...(earlier.length > 0 ? { context: earlier } : {}),
    };
  });
  return { name: null, connectionId: null, questions };
}

function contentError(problem: string): ApiException {
  return ApiException.validation([{ field: 'content', problems: [problem] }]);
}
