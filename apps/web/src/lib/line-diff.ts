/** One line of a line diff: kept in both, removed from the old text, or added in the new one. */
export interface DiffLine {
  op: 'same' | 'removed' | 'added';
  text: string;
}

/**
 * A line diff of two texts (longest common subsequence of their lines): the old text's lines not kept are `removed`,
 * the new text's lines not kept `added`, each removal before the additions that replace it. Small inputs only
 * (quadratic), which definitions are.
 */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before === '' ? [] : before.split('\n');
  const b = after === '' ? [] : after.split('\n');
  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..].
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ op: 'same', text: a[i] });
      i++;
      j++;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) {
      out.push({ op: 'removed', text: a[i++] });
    } else {
      out.push({ op: 'added', text: b[j++] });
    }
  }
  while (i < a.length) out.push({ op: 'removed', text: a[i++] });
  while (j < b.length) out.push({ op: 'added', text: b[j++] });
  return out;
}
