/** @nlq/eval: the execution-accuracy runner (entry point cli.ts) and its parts. */
export {
  resultsMatch,
  sqlHasOrderBy,
  valueKey,
  MAX_PERMUTATIONS,
  parseCsv,
  parseCsvObjects,
  type ResultSet,
} from '@nlq/pipeline';
export { splitGoldAlternatives, rewriteDoubleQuotedLiterals, expandBraceAlternatives } from './gold-sql';
export {
  EVAL_SETS,
  EXTRA_EVAL_SETS,
  defaultEvalDir,
  loadEvalSet,
  spreadSample,
  type EvalItem,
  type EvalSetName,
} from './eval-data';
export { parseEvalOptions, EVAL_USAGE, type EvalOptions } from './eval-options';
export { runEvalSet, EVAL_PIPELINE_CONFIG, type ItemOutcome, type SetReport } from './eval-runner';
export { formatEvalTable } from './cli';
export { createEvalHarness, openEvalDatabase, runDirect, type EvalDatabase, type EvalHarness } from './eval-runner';
export {
  REPLY_STYLES,
  styleReply,
  isAnswerRequest,
  startStandInModel,
  type ReplyStyle,
  type StandInModel,
} from './stand-in-model';
export {
  runStandInSet,
  readPredictions,
  formatStandInTable,
  type StandInMode,
  type StandInOutcome,
  type StandInReport,
} from './stand-in-runner';
export { styleGoldSql, type PredictionStyle } from './styled-predictions';
