export * from './candidate-questions';
export * from './example-questions';
