/** @nlq/bench: the POST /query benchmark (entry point query-bench.ts) and its parts. */
export { parseBenchOptions, BENCH_DEFAULTS, type BenchOptions } from './bench-options';
export { BENCH_QUESTIONS, type BenchQuestion } from './bench-questions';
export {
  runLoad,
  CACHE_HIT_USER,
  cacheHitUser,
  BODY_CHECKS,
  type BodyExpectation,
  type LoadRunOptions,
  type LoadRunResult,
} from './load-run';
export { startLoadProcess, type LoadProcess } from './load-process';
export { formatBenchTable, type ScenarioResult } from './bench-report';
export { startApi, type ApiTarget } from './api-target';
export { startFloorServer, type FloorServer } from './floor-server';
export { startInstantModel, SCRIPTED_ANSWER } from './scripted-model';
export { startServerFloorServer } from './floor-server';
export { copySampleDatabase, translateDdl, SERVER_URLS, type EngineCopy, type ServerEngine } from './engine-copy';
export { summarizeRounds, median } from './bench-report';
export type { BenchEngine } from './bench-options';
export {
  probeMemory,
  summarizeProbes,
  memoryTrend,
  formatMemorySeries,
  prometheusValue,
  rssMiB,
  childPids,
  slope,
  PLATEAU_MIB_PER_MINUTE,
  type MemoryProbe,
  type MemorySample,
  type MemoryTrend,
} from './memory-series';
