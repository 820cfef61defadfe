/** One question of the benchmark mix, with the shape of SQL it exercises. */
export interface BenchQuestion {
  kind: 'count' | 'filtered list' | 'top 5' | 'grouped aggregate' | 'join';
  question: string;
}

/**
 * The question mix, all answered by the built-in offline engine on the sample shop database (checked by the
 * warm-up of every run: a question that fails stops the benchmark). Requests cycle through them in this order.
 */
export const BENCH_QUESTIONS: readonly BenchQuestion[] = Object.freeze([
  { kind: 'count', question: 'How many customers are there?' },
  { kind: 'filtered list', question: 'list customers in Germany' },
  { kind: 'top 5', question: 'top 5 products by total sales' },
  { kind: 'grouped aggregate', question: 'how many orders per status' },
  { kind: 'join', question: 'average order total by country' },
]);
