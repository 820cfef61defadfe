export { validateDataPolicy, findTable, type PolicyProblem } from './data-policy-validation';
export { parseRowFilter, USER_PARAMETER_PREFIX } from './row-filter';
export { enforceDataPolicy, MASK, type EnforcedStatement } from './enforce-data-policy';
export {
  appliedDataPolicy,
  visibleSchema,
  type AppliedDataPolicy,
  type DataAccess,
  type DataPolicySource,
} from './data-access';
export { databaseIdentity, identityKey } from './database-identity';
