import type { DataPolicySource } from '../data-policy/data-access';
import type { DatabaseDriver } from '@nlq/db-drivers';
import type { LlmProvider } from '@nlq/llm-providers';
import { InMemoryEventBus } from '../event-bus';
import { DEFAULT_PIPELINE_CONFIG } from '../pipeline-config';
import type { PipelineConfig } from '../ports';
import { QueryPipeline } from '../query-pipeline';
import type { SemanticScorer } from '../linking/semantic-scores';
import { InMemoryStateStore } from './in-memory-state-store';
import { ScriptedLlmProvider } from './scripted-llm-provider';

/** A pipeline under test with the parts a test reads back. */
export interface ScriptedPipeline {
  pipeline: QueryPipeline;
  store: InMemoryStateStore;
  events: InMemoryEventBus;
}

/**
 * A real QueryPipeline over one real `driver` (connection id `connectionId`, default `c`) whose provider is `provider`
 * or, given `sql`, a ScriptedLlmProvider writing that SQL for every question; an InMemoryStateStore, an in-memory
 * event bus, no audit; DEFAULT_PIPELINE_CONFIG with `config` over it; data policies from `policies` when given.
 */
export function scriptedPipeline(options: {
  driver: DatabaseDriver;
  sql?: string;
  provider?: LlmProvider;
  connectionId?: string;
  config?: Partial<PipelineConfig>;
  /** Semantic linking and definition matching (an embedding client through SemanticScorer); none by default. */
  semantic?: SemanticScorer;
  /** Where the data policies are read (none by default). */
  policies?: DataPolicySource;
}): ScriptedPipeline {
  const store = new InMemoryStateStore();
  const events = new InMemoryEventBus();
  const provider = options.provider ?? new ScriptedLlmProvider({ sql: () => options.sql ?? '' });
  const pipeline = new QueryPipeline({
    targets: {
      connection: async () => ({ connectionId: options.connectionId ?? 'c', driver: options.driver }),
      provider: async () => provider,
    },
    store,
    config: { ...DEFAULT_PIPELINE_CONFIG, ...options.config },
    audit: { audit: () => undefined },
    events,
    semantic: options.semantic ?? null,
    ...(options.policies ? { policies: options.policies } : {}),
  });
  return { pipeline, store, events };
}
