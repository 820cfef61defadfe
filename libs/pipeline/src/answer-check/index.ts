/** The answer check (docs/architecture.md "Answer check"). */
export { checkAnswer, type AnswerCheckInput } from './answer-check';
export { answerCheckStep, type AnswerCheckDecision } from './answer-check-step';
