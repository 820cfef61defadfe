import {
  childPids,
  formatMemorySeries,
  memoryTrend,
  prometheusValue,
  rssMiB,
  slope,
  summarizeProbes,
  type MemoryProbe,
  type MemorySample,
} from './memory-series';

const probe = (rss: number, heap: number | null): MemoryProbe => ({
  rssMiB: rss,
  heapUsedMiB: heap,
  heapTotalMiB: heap === null ? null : heap + 50,
  externalMiB: 4,
  childrenRssMiB: 100,
});

/** A line per minute whose mean RSS is `rss(minute)`. */
const series = (minutes: number, rss: (minute: number) => number): MemorySample[] =>
  Array.from({ length: minutes + 1 }, (_, minute) =>
    summarizeProbes([probe(rss(minute) - 10, 100), probe(rss(minute) + 10, 200)], { minute, requests: minute * 1000 }),
  );

describe('prometheusValue', () => {
  it('reads an unlabelled sample, with or without a timestamp, and null when absent', () => {
    const text =
      '# HELP nlq_nodejs_heap_size_used_bytes x\n# TYPE nlq_nodejs_heap_size_used_bytes gauge\nnlq_nodejs_heap_size_used_bytes 104857600\nnlq_nodejs_heap_size_total_bytes 2e8 1700000000\n';
    expect(prometheusValue(text, 'nlq_nodejs_heap_size_used_bytes')).toBe(104857600);
    expect(prometheusValue(text, 'nlq_nodejs_heap_size_total_bytes')).toBe(2e8);
    expect(prometheusValue(text, 'nlq_nodejs_heap_size')).toBeNull();
    expect(prometheusValue(text, 'nlq_nodejs_external_memory_bytes')).toBeNull();
  });
});

describe('summarizeProbes', () => {
  it("gives an interval's mean, least and greatest RSS and heap floor and peak, the last probe's other figures", () => {
    const sample = summarizeProbes(
      [probe(300, 120), probe(360, 250), probe(330, null), { ...probe(NaN, 90), childrenRssMiB: 110 }],
      { minute: 2.04, requests: 5000 },
    );
    expect(sample).toEqual({
      minute: 2,
      requests: 5000,
      probes: 4,
      rssMeanMiB: 330,
      rssMinMiB: 300,
      rssMaxMiB: 360,
      heapUsedMinMiB: 90,
      heapUsedMaxMiB: 250,
      heapTotalMiB: 140,
      externalMiB: 4,
      childrenRssMiB: 110,
    });
    expect(summarizeProbes([], { minute: 1, requests: 0 })).toMatchObject({
      probes: 0,
      rssMeanMiB: NaN,
      heapUsedMinMiB: null,
      childrenRssMiB: 0,
    });
  });
});

describe('slope and memoryTrend', () => {
  it('fits a least-squares slope, NaN without two distinct x', () => {
    expect(
      slope([
        [0, 1],
        [1, 3],
        [2, 5],
      ]),
    ).toBeCloseTo(2);
    expect(
      slope([
        [1, 1],
        [1, 3],
      ]),
    ).toBeNaN();
    expect(
      slope([
        [0, 1],
        [1, NaN],
      ]),
    ).toBeNaN();
  });

  it('reads a soak that grows then flattens as levelling off, and steady growth as still growing', () => {
    const plateau = memoryTrend(
      series(16, (m) => 300 + 10 * Math.min(m, 6)),
      1,
    );
    expect(plateau.verdict).toBe('levels off');
    expect(plateau.firstHalfMiBPerMinute).toBeGreaterThan(3);
    expect(plateau.lastHalfMiBPerMinute).toBeCloseTo(0);
    expect(plateau.rssFromMiB).toBe(310);
    expect(plateau.rssEndMiB).toBe(360);
    expect(plateau.driftPercent).toBeCloseTo(16.13, 1);
    expect(plateau.heapFloorLastHalfMiBPerMinute).toBeCloseTo(0);

    const leak = memoryTrend(
      series(16, (m) => 300 + 2 * m),
      1,
    );
    expect(leak.verdict).toBe('still growing');
    expect(leak.lastHalfMiBPerMinute).toBeCloseTo(2);
    expect(
      memoryTrend(
        series(4, () => 300),
        1,
      ).verdict,
    ).toBe('too short');
  });
});

describe('formatMemorySeries', () => {
  it('prints a unit line, a header and one aligned line a sample, - for a missing figure', () => {
    const lines = formatMemorySeries([
      summarizeProbes([probe(255.06, 91.1)], { minute: 0, requests: 0 }),
      summarizeProbes([probe(400, null)], { minute: 1, requests: 42450 }),
    ]).split('\n');
    expect(lines[0]).toBe('(MiB)');
    expect(lines[1]).toMatch(
      /^minute\s+requests\s+RSS mean\s+RSS min\s+RSS max\s+heap used min\s+heap used max\s+heap total\s+external\s+children RSS$/,
    );
    expect(lines[2]).toMatch(/^0\.0\s+0\s+255\.1\s+255\.1\s+255\.1\s+91\.1\s+91\.1\s+141\.1\s+4\.0\s+100\.0$/);
    expect(lines[3]).toMatch(/^1\.0\s+42450\s+400\.0\s+400\.0\s+400\.0\s+-\s+-\s+-\s+4\.0\s+100\.0$/);
    expect(new Set(lines.slice(1).map((l) => l.length)).size).toBe(1);
  });
});

describe('rssMiB and childPids (Linux /proc)', () => {
  it('reads this process and finds a child it started', async () => {
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 5000)']);
    try {
      await new Promise((resolve) => child.once('spawn', resolve));
      if (process.platform !== 'linux') return;
      expect(rssMiB(process.pid)).toBeGreaterThan(10);
      expect(childPids(process.pid)).toContain(child.pid);
      expect(rssMiB(2 ** 30)).toBeNaN();
      expect(childPids(2 ** 30)).toEqual([]);
    } finally {
      child.kill();
    }
  });
});
