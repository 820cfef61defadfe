import type { ReadResult } from '@nlq/contracts';

/** A value as compared: numbers to 9 significant digits (sums added up in another order), the rest as JSON. */
function key(value: unknown): string {
  if (typeof value === 'number') return `n:${Number(value.toPrecision(9))}`;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return `n:${Number(Number(value).toPrecision(9))}`;
  }
  return `v:${JSON.stringify(value ?? null)}`;
}

/** The rows as sorted keys of their values at `columns` (a multiset: order left out). */
function projected(rows: readonly unknown[][], columns: readonly number[]): string[] {
  return rows.map((row) => JSON.stringify(columns.map((c) => key(row[c])))).sort();
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/**
 * True when `answer` holds the result of `reference`: as many rows, and each reference column is a distinct answer
 * column such that the answer's rows, read at those columns, are the reference's rows (as multisets: row order left
 * out). The answer may show more columns (a product's name beside the price the reference ranks by), never other
 * values. Numbers compare to 9 significant digits; numeric text compares as its number.
 */
export function holdsResult(
  reference: Pick<ReadResult, 'rows' | 'columns'>,
  answer: Pick<ReadResult, 'rows' | 'columns'>,
): boolean {
  if (reference.rows.length !== answer.rows.length) return false;
  const want = projected(
    reference.rows,
    reference.columns.map((_, i) => i),
  );
  const candidates = reference.columns.map((_, r) => {
    const column = projected(reference.rows, [r]);
    return answer.columns.map((_, a) => a).filter((a) => sameList(column, projected(answer.rows, [a])));
  });
  const chosen: number[] = [];
  const search = (r: number): boolean => {
    if (r === candidates.length) return sameList(want, projected(answer.rows, chosen));
    for (const a of candidates[r]) {
      if (chosen.includes(a)) continue;
      chosen.push(a);
      if (search(r + 1)) return true;
      chosen.pop();
    }
    return false;
  };
  return search(0);
}
