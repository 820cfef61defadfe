import { readdirSync, readFileSync } from 'node:fs';

/** One reading of the api process's memory (MiB = 1,048,576 bytes). */
export interface MemoryProbe {
  /** Resident set size of the api process (VmRSS of /proc/<pid>/status), MiB; NaN when unreadable. */
  rssMiB: number;
  /**
   * V8 heap in use and reserved, and memory outside the heap held by JS objects (Buffers), MiB, from the api's own
   * /metrics (prom-client's nodejs_heap_size_used_bytes, nodejs_heap_size_total_bytes, nodejs_external_memory_bytes);
   * null when /metrics could not be read.
   */
  heapUsedMiB: number | null;
  heapTotalMiB: number | null;
  externalMiB: number | null;
  /** Summed VmRSS of the api's child processes (the SQLite read pool), MiB; 0 when it has none. */
  childrenRssMiB: number;
}

/**
 * One line of a soak's memory series: the probes of one interval (a minute by default) summarized. RSS swings by
 * a hundred MiB between garbage collections under load, so a line gives the interval's mean, least and greatest RSS,
 * and the least heap in use (the floor after the interval's collections: what stays alive) beside the greatest.
 */
export interface MemorySample {
  /** Minutes since the load started at the end of the interval, one decimal (0: the idle api right after it listened). */
  minute: number;
  /** Requests the load generator had sent at the end of the interval. */
  requests: number;
  /** Probes summarized (0 only for an interval whose every probe failed). */
  probes: number;
  rssMeanMiB: number;
  rssMinMiB: number;
  rssMaxMiB: number;
  /** Least and greatest V8 heap in use over the interval, MiB; null without /metrics figures. */
  heapUsedMinMiB: number | null;
  heapUsedMaxMiB: number | null;
  /** V8 heap reserved, external memory and the children's RSS at the interval's last probe, MiB. */
  heapTotalMiB: number | null;
  externalMiB: number | null;
  childrenRssMiB: number;
}

/**
 * The {@link MemorySample} of an interval's `probes` (in the order taken), ending at `at`. RSS figures are NaN and
 * heap figures null when no probe had them.
 */
export function summarizeProbes(
  probes: readonly MemoryProbe[],
  at: { minute: number; requests: number },
): MemorySample {
  const rss = probes.map((p) => p.rssMiB).filter((v) => Number.isFinite(v));
  const heap = probes.map((p) => p.heapUsedMiB).filter((v): v is number => v !== null);
  const last = probes[probes.length - 1];
  return {
    minute: Math.round(at.minute * 10) / 10,
    requests: at.requests,
    probes: probes.length,
    rssMeanMiB: rss.length ? rss.reduce((a, b) => a + b, 0) / rss.length : NaN,
    rssMinMiB: rss.length ? Math.min(...rss) : NaN,
    rssMaxMiB: rss.length ? Math.max(...rss) : NaN,
    heapUsedMinMiB: heap.length ? Math.min(...heap) : null,
    heapUsedMaxMiB: heap.length ? Math.max(...heap) : null,
    heapTotalMiB: last?.heapTotalMiB ?? null,
    externalMiB: last?.externalMiB ?? null,
    childrenRssMiB: last?.childrenRssMiB ?? 0,
  };
}

const MIB = 1024 * 1024;

/** Resident set size of `pid` in MiB from VmRSS of /proc/<pid>/status (Linux), or NaN when unreadable. */
export function rssMiB(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Pids of the direct children of `pid` (every thread's /proc/<pid>/task/<tid>/children, Linux 3.5+); [] when unreadable. */
export function childPids(pid: number): number[] {
  const pids = new Set<number>();
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      for (const child of readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(/\s+/))
        if (child) pids.add(Number(child));
    }
  } catch {
    // not Linux, or the process is gone
  }
  return [...pids];
}

/**
 * The value of the unlabelled sample `name` in a Prometheus text exposition (`name 123.5` or `name 123.5 <ts>`), or
 * null when absent. Source of the format: https://prometheus.io/docs/instrumenting/exposition_formats/
 */
export function prometheusValue(text: string, name: string): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name} `)) continue;
    const value = Number(
      line
        .slice(name.length + 1)
        .trim()
        .split(/\s+/)[0],
    );
    return Number.isFinite(value) ? value : null;
  }
  return null;
}

/**
 * One {@link MemoryProbe} of the api process `pid`: VmRSS from /proc, the V8 figures from GET `${url}/metrics` with
 * the service key (`X-API-Key: serviceKey`; the api's metric prefix is `nlq_`), the children's RSS from /proc.
 * Never rejects: a failed scrape (or no key) leaves the V8 figures null.
 */
export async function probeMemory(pid: number, url: string, serviceKey: string | null): Promise<MemoryProbe> {
  let metrics: string | null = null;
  if (serviceKey) {
    try {
      const response = await fetch(`${url}/metrics`, {
        headers: { 'x-api-key': serviceKey },
        signal: AbortSignal.timeout(30_000),
      });
      if (response.ok) metrics = await response.text();
    } catch {
      metrics = null;
    }
  }
  const mib = (name: string): number | null => {
    const value = metrics === null ? null : prometheusValue(metrics, name);
    return value === null ? null : value / MIB;
  };
  return {
    rssMiB: rssMiB(pid),
    heapUsedMiB: mib('nlq_nodejs_heap_size_used_bytes'),
    heapTotalMiB: mib('nlq_nodejs_heap_size_total_bytes'),
    externalMiB: mib('nlq_nodejs_external_memory_bytes'),
    childrenRssMiB: childPids(pid).reduce((sum, child) => sum + (rssMiB(child) || 0), 0),
  };
}

/** Least-squares slope of `points` ([x, y]), in y units per x unit; NaN for fewer than two distinct x. */
export function slope(points: ReadonlyArray<readonly [number, number]>): number {
  const usable = points.filter(([, y]) => Number.isFinite(y));
  const n = usable.length;
  if (n < 2) return NaN;
  const mx = usable.reduce((s, [x]) => s + x, 0) / n;
  const my = usable.reduce((s, [, y]) => s + y, 0) / n;
  const sxx = usable.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  if (sxx === 0) return NaN;
  return usable.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0) / sxx;
}

/** Memory trend of a soak: growth rates of the first and last half of the lines after the warm-up, and the verdict. */
export interface MemoryTrend {
  /** Slope of the lines' mean RSS over the first and the last half of the lines from `fromMinute`, MiB per minute. */
  firstHalfMiBPerMinute: number;
  lastHalfMiBPerMinute: number;
  /** Slope of the heap-in-use floor ({@link MemorySample.heapUsedMinMiB}) over the same halves (NaN without it). */
  heapFloorFirstHalfMiBPerMinute: number;
  heapFloorLastHalfMiBPerMinute: number;
  /** Mean RSS of the first line from `fromMinute` and of the last line, MiB, and the drift between them in percent. */
  rssFromMiB: number;
  rssEndMiB: number;
  driftPercent: number;
  /**
   * `levels off` when the last half's mean RSS grows by at most {@link PLATEAU_MIB_PER_MINUTE} MiB a minute (under
   * 0.2 % a minute of a 300 MiB process, a few percent an hour); `still growing` otherwise; `too short` with fewer
   * than 6 lines from `fromMinute` (two halves of 3).
   */
  verdict: 'levels off' | 'still growing' | 'too short';
}

/** Largest RSS growth rate of a soak's last half still read as a plateau, MiB per minute (see {@link MemoryTrend}). */
export const PLATEAU_MIB_PER_MINUTE = 0.5;

/** The {@link MemoryTrend} of `samples` (in time order) from `fromMinute` on (the end of the warm-up). */
export function memoryTrend(samples: readonly MemorySample[], fromMinute: number): MemoryTrend {
  const after = samples.filter((s) => s.minute >= fromMinute);
  // the halves share the middle line when the count is odd
  const first = after.slice(0, Math.ceil(after.length / 2));
  const last = after.slice(Math.floor(after.length / 2));
  const rss = (list: readonly MemorySample[]) => slope(list.map((s) => [s.minute, s.rssMeanMiB] as const));
  const heap = (list: readonly MemorySample[]) =>
    slope(list.filter((s) => s.heapUsedMinMiB !== null).map((s) => [s.minute, s.heapUsedMinMiB as number] as const));
  const rssFromMiB = after[0]?.rssMeanMiB ?? NaN;
  const rssEndMiB = after[after.length - 1]?.rssMeanMiB ?? NaN;
  const lastHalfMiBPerMinute = rss(last);
  return {
    firstHalfMiBPerMinute: rss(first),
    lastHalfMiBPerMinute,
    heapFloorFirstHalfMiBPerMinute: heap(first),
    heapFloorLastHalfMiBPerMinute: heap(last),
    rssFromMiB,
    rssEndMiB,
    driftPercent: ((rssEndMiB - rssFromMiB) / rssFromMiB) * 100,
    verdict:
      after.length < 6 || !Number.isFinite(lastHalfMiBPerMinute)
        ? 'too short'
        : lastHalfMiBPerMinute <= PLATEAU_MIB_PER_MINUTE
          ? 'levels off'
          : 'still growing',
  };
}

/**
 * The series as an aligned text table, one line a sample: minute, requests sent, RSS mean / least / greatest, heap
 * in use least / greatest, heap reserved, external, children's RSS (MiB, one decimal; `-` for a missing figure).
 */
export function formatMemorySeries(samples: readonly MemorySample[]): string {
  const header = [
    'minute',
    'requests',
    'RSS mean',
    'RSS min',
    'RSS max',
    'heap used min',
    'heap used max',
    'heap total',
    'external',
    'children RSS',
  ];
  const fmt = (value: number | null) => (value === null || !Number.isFinite(value) ? '-' : value.toFixed(1));
  const rows = samples.map((s) => [
    s.minute.toFixed(1),
    String(s.requests),
    ...[
      s.rssMeanMiB,
      s.rssMinMiB,
      s.rssMaxMiB,
      s.heapUsedMinMiB,
      s.heapUsedMaxMiB,
      s.heapTotalMiB,
      s.externalMiB,
      s.childrenRssMiB,
    ].map(fmt),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return ['(MiB)', line(header), ...rows.map(line)].join('\n');
}
