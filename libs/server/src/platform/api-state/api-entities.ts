import { ApiSessionEntity } from './api-session.entity';
import { ChangeStampEntity } from '../coherence/change-stamp.entity';
import { ConnectionEntity } from './connection.entity';
import { LlmSettingEntity } from './llm-setting.entity';
import { ApiKeyEntity } from '../auth/api-key.entity';
import { DataPolicyEntity } from './data-policy.entity';
import { DataPolicyVersionEntity } from './data-policy-version.entity';

/** Entities of the application surface, added to the state store's list (tables created at start). */
export const API_ENTITIES = [
  ApiKeyEntity,
  ApiSessionEntity,
  ConnectionEntity,
  LlmSettingEntity,
  ChangeStampEntity,
  DataPolicyEntity,
  DataPolicyVersionEntity,
];
