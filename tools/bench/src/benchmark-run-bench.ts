/**
 * How long one benchmark run of 50 questions takes on the offline engine and the sample shop database, through the
 * real api over HTTP (POST /api/benchmarks/{id}/runs): `npm run bench:benchmark-run`. Prints the wall time of the
 * run, the per-question latencies (median and max) and the accuracy; the target is under 10 s on the project's
 * machine (docs/http-api.md "Benchmarks"). Nothing is asserted: it is a measurement.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { BenchmarkRun } from '@nlq/contracts';
import { generateSampleDatabase } from '@nlq/sample-db';
import { startApi } from './api-target';
import { BENCH_QUESTIONS } from './bench-questions';

const KEY = 'benchmark-run-bench-key-0123456789';
const QUESTIONS = 50;

/** Count questions with their expected SQL, and the query benchmark's mix compared with itself as a plain count. */
const MIX = [
  { question: 'How many customers are there?', expected_sql: 'SELECT COUNT(*) FROM customers' },
  { question: 'How many products are there?', expected_sql: 'SELECT COUNT(*) FROM products' },
  { question: 'How many orders are there?', expected_sql: 'SELECT COUNT(*) FROM orders' },
  { question: 'How many categories are there?', expected_sql: 'SELECT COUNT(*) FROM categories' },
  { question: 'How many payments are there?', expected_sql: 'SELECT COUNT(*) FROM payments' },
  ...BENCH_QUESTIONS.map((q) => ({ question: q.question, expected_sql: 'SELECT COUNT(*) FROM orders' })),
];

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nlq-benchmark-run-'));
  const database = path.join(dir, 'shop.db');
  generateSampleDatabase(database);
  const api = await startApi(database, dir, { SERVICE_API_KEY: KEY });
  try {
    const headers = { 'x-api-key': KEY, 'content-type': 'application/json' };
    const questions = Array.from({ length: QUESTIONS }, (_, i) => MIX[i % MIX.length]);
    const created = await fetch(`${api.url}/api/benchmarks`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'fifty', questions }),
    });
    const { id } = (await created.json()) as { id: string };
    const started = performance.now();
    const response = await fetch(`${api.url}/api/benchmarks/${id}/runs`, { method: 'POST', headers, body: '{}' });
    const run = (await response.json()) as BenchmarkRun;
    const elapsed = performance.now() - started;
    const latencies = run.results.map((r) => r.latency_ms).sort((a, b) => a - b);
    console.log(
      `benchmark run: ${run.total} questions in ${(elapsed / 1000).toFixed(2)} s ` +
        `(per question median ${latencies[Math.floor(latencies.length / 2)]} ms, max ${latencies.at(-1)} ms), ` +
        `accuracy ${run.accuracy.toFixed(2)}`,
    );
  } finally {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
