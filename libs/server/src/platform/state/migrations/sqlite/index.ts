import { InitialSchema1795496474596 } from './1795496474596-InitialSchema';
import { StateIndexes1795501070618 } from './1795501070618-StateIndexes';
import { TraceStartedId1795503437645 } from './1795503437645-TraceStartedId';
import { HistoryReadingClarification1795600000001 } from './1795600000001-HistoryReadingClarification';
import { KnowledgeDefinitions1795600000011 } from './1795600000011-KnowledgeDefinitions';
import { VerifiedExamples1795600000021 } from './1795600000021-VerifiedExamples';
import { HistoryProvenance1795600000031 } from './1795600000031-HistoryProvenance';
import { AgentKeyClarificationState1795600000061 } from './1795600000061-AgentKeyClarificationState';
import { HistoryResult1795600000041 } from './1795600000041-HistoryResult';
import { Benchmarks1795600000361 } from './1795600000361-Benchmarks';
import { BenchmarkRunOnChange1795600000371 } from './1795600000371-BenchmarkRunOnChange';
import { HistoryWarnings1795600000051 } from './1795600000051-HistoryWarnings';
import { ApiKeyRoles1795600000401 } from './1795600000401-ApiKeyRoles';
import { DataPolicies1795600000411 } from './1795600000411-DataPolicies';
import { BenchmarkSchedules1795600000531 } from './1795600000531-BenchmarkSchedules';
import { SavedAnswers1795600000471 } from './1795600000471-SavedAnswers';
import { Boards1796000200001 } from './1796000200001-Boards';
import { Schedules1796000100001 } from './1796000100001-Schedules';
import { KnowledgeProposals1796000300001 } from './1796000300001-KnowledgeProposals';

import { KnowledgeDefinitionOrigin1796000400001 } from './1796000400001-KnowledgeDefinitionOrigin';
/** The SQLite migrations of the state store, oldest first (run by migrateStateStore inside BEGIN IMMEDIATE). */
export const SQLITE_MIGRATIONS = [
  InitialSchema1795496474596,
  StateIndexes1795501070618,
  TraceStartedId1795503437645,
  HistoryReadingClarification1795600000001,
  KnowledgeDefinitions1795600000011,
  VerifiedExamples1795600000021,
  HistoryProvenance1795600000031,
  HistoryResult1795600000041,
  HistoryWarnings1795600000051,
  AgentKeyClarificationState1795600000061,
  Benchmarks1795600000361,
  BenchmarkRunOnChange1795600000371,
  ApiKeyRoles1795600000401,
  DataPolicies1795600000411,
  SavedAnswers1795600000471,
  BenchmarkSchedules1795600000531,
  Schedules1796000100001,
  Boards1796000200001,
  KnowledgeProposals1796000300001,
  KnowledgeDefinitionOrigin1796000400001,
];
