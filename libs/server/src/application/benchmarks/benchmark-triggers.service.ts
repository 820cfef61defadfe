import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Benchmark } from '@nlq/contracts';
import { ReplicaCoherenceService, SETTINGS_TOPIC } from '../../platform/coherence/replica-coherence.service';
import { TypeOrmStateStore } from '../../platform/state/typeorm-state.store';
import { BenchmarkRunsService } from './benchmark-runs.service';

/**
 * Runs after changes (docs/http-api.md "Benchmarks", "Runs after a change"): every change this replica announces
 * (docs/architecture.md "State and scale": model settings and connections on `settings`, a schema refresh on
 * `schema:<id>`, a definition change on `definitions:<id>`) checks the benchmarks with `run_on_change` of the
 * connections it touches (`settings`: every connection) and starts a background run of each whose configuration
 * fingerprint differs from its latest run's. Only the replica that made the change starts them.
 */
@Injectable()
export class BenchmarkTriggersService implements OnModuleInit {
  constructor(
    private readonly coherence: ReplicaCoherenceService,
    @Inject(TypeOrmStateStore) private readonly store: TypeOrmStateStore,
    private readonly runs: BenchmarkRunsService,
  ) {}

  onModuleInit(): void {
    this.coherence.onAnnounced((topic) => this.changed(topic));
  }

  /** Check the benchmarks a change of `topic` may concern. Never throws (a failing check is logged by the runs). */
  async changed(topic: string): Promise<void> {
    const connectionId = connectionOf(topic);
    if (connectionId === null) return;
    const benchmarks: Benchmark[] = await this.store.benchmarks.listRunOnChange(connectionId);
    await Promise.all(benchmarks.map((b) => this.runs.runIfChanged(b)));
  }
}

/** The connection a topic names; undefined for every connection (`settings`); null for a topic of no concern. */
function connectionOf(topic: string): string | undefined | null {
  if (topic === SETTINGS_TOPIC) return undefined;
  const match = /^(?:schema|definitions):(.+)$/.exec(topic);
  return match ? match[1] : null;
}
