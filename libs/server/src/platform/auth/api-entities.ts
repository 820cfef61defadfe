import { ApiSessionEntity } from '../../application/sessions/api-session.entity';
import { ChangeStampEntity } from '../coherence/change-stamp.entity';
import { ConnectionEntity } from '../../application/connections/connection.entity';
import { LlmSettingEntity } from '../../application/llms/llm-setting.entity';
import { ApiKeyEntity } from './api-key.entity';
import { DataPolicyEntity } from '../../application/policies/data-policy.entity';
import { DataPolicyVersionEntity } from '../../application/policies/data-policy-version.entity';

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
