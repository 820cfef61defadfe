import { InitialSchema1795496476816 } from './1795496476816-InitialSchema';
import { StateIndexes1795501073178 } from './1795501073178-StateIndexes';
import { TraceStartedId1795503440956 } from './1795503440956-TraceStartedId';
import { HistoryReadingClarification1795600000002 } from './1795600000002-HistoryReadingClarification';
import { KnowledgeDefinitions1795600000012 } from './1795600000012-KnowledgeDefinitions';
import { VerifiedExamples1795600000022 } from './1795600000022-VerifiedExamples';
import { HistoryProvenance1795600000032 } from './1795600000032-HistoryProvenance';
import { AgentKeyClarificationState1795600000062 } from './1795600000062-AgentKeyClarificationState';
import { HistoryResult1795600000042 } from './1795600000042-HistoryResult';
import { Benchmarks1795600000362 } from './1795600000362-Benchmarks';
import { BenchmarkRunOnChange1795600000372 } from './1795600000372-BenchmarkRunOnChange';
import { HistoryWarnings1795600000052 } from './1795600000052-HistoryWarnings';
import { ApiKeyRoles1795600000402 } from './1795600000402-ApiKeyRoles';
import { DataPolicies1795600000412 } from './1795600000412-DataPolicies';
import { BenchmarkSchedules1795600000532 } from './1795600000532-BenchmarkSchedules';
import { SavedAnswers1795600000472 } from './1795600000472-SavedAnswers';
import { Boards1796000200002 } from './1796000200002-Boards';
import { Schedules1796000100002 } from './1796000100002-Schedules';
import { KnowledgeProposals1796000300002 } from './1796000300002-KnowledgeProposals';

import { KnowledgeDefinitionOrigin1796000400002 } from './1796000400002-KnowledgeDefinitionOrigin';
/** The PostgreSQL migrations of the state store, oldest first (run by migrateStateStore under an advisory lock). */
export const POSTGRES_MIGRATIONS = [
  InitialSchema1795496476816,
  StateIndexes1795501073178,
  TraceStartedId1795503440956,
  HistoryReadingClarification1795600000002,
  KnowledgeDefinitions1795600000012,
  VerifiedExamples1795600000022,
  HistoryProvenance1795600000032,
  HistoryResult1795600000042,
  HistoryWarnings1795600000052,
  AgentKeyClarificationState1795600000062,
  Benchmarks1795600000362,
  BenchmarkRunOnChange1795600000372,
  ApiKeyRoles1795600000402,
  DataPolicies1795600000412,
  SavedAnswers1795600000472,
  BenchmarkSchedules1795600000532,
  Schedules1796000100002,
  Boards1796000200002,
  KnowledgeProposals1796000300002,
  KnowledgeDefinitionOrigin1796000400002,
];
