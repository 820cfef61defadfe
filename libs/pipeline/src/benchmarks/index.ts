export * from './result-comparison';
export * from './csv-reader';
export * from './benchmark-verdict';
export * from './benchmark-runner';
export * from './run-history';
