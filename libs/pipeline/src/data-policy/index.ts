export { validateDataPolicy, findTable, type PolicyProblem } from './data-policy-validation';
export { parseRowFilter, USER_PARAMETER_PREFIX } from './row-filter';
