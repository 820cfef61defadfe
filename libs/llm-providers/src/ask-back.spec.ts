import { parseAskBack } from './ask-back';
import { ClarificationNeededError, UnanswerableQuestionError } from './errors';
import { buildSqlPrompt, interpretSqlReply } from './prompt';

describe('parseAskBack', () => {
  it('reads the question and the readings of a CLARIFY reply, each restated with the original question', () => {
    const reply =
      'CLARIFY: Which people do you mean?\n- customers whose city is London\n- employees whose city is London\n- suppliers whose city is London';
    expect(parseAskBack(reply, 'How many people are in London?')).toEqual({
      question: 'Which people do you mean?',
      readings: [
        {
          label: 'customers whose city is London',
          question: 'How many people are in London (meaning: customers whose city is London)',
        },
        {
          label: 'employees whose city is London',
          question: 'How many people are in London (meaning: employees whose city is London)',
        },
        {
          label: 'suppliers whose city is London',
          question: 'How many people are in London (meaning: suppliers whose city is London)',
        },
      ],
    });
  });

  it('accepts reasoning first, a fence, bold markers and numbered readings', () => {
    const reply =
      '<think>two columns fit</think>\n```\n**CLARIFY**: Which date?\n1. the order date\n2) the shipping date\n```';
    const parsed = parseAskBack(reply, 'orders in May');
    expect(parsed?.question).toBe('Which date?');
    expect(parsed?.readings.map((r) => r.label)).toEqual(['the order date', 'the shipping date']);
  });

  it('is null for SQL, for CANNOT_ANSWER and for fewer than two distinct readings', () => {
    expect(parseAskBack('```sql\nSELECT 1\n```', 'q')).toBeNull();
    expect(parseAskBack('CANNOT_ANSWER: no such table', 'q')).toBeNull();
    expect(parseAskBack('CLARIFY: Which one?\n- the first\n- the first', 'q')).toBeNull();
    expect(parseAskBack('CLARIFY: Which one?', 'q')).toBeNull();
  });
});

describe('interpretSqlReply with ask-back', () => {
  it('throws ClarificationNeededError carrying the readings', () => {
    let thrown: unknown;
    try {
      interpretSqlReply('CLARIFY: Which total?\n- the order total\n- the sum of payments', null, 'total for May');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ClarificationNeededError);
    expect((thrown as ClarificationNeededError).clarification.readings).toHaveLength(2);
  });

  it('still refuses CANNOT_ANSWER and extracts SQL otherwise', () => {
    expect(() => interpretSqlReply('CANNOT_ANSWER: no weather data', null, 'q')).toThrow(UnanswerableQuestionError);
    expect(interpretSqlReply('```sql\nSELECT 1\n```', null, 'q').sql).toBe('SELECT 1');
  });

  it('the SQL prompt tells the model the ask-back form', () => {
    const prompt = buildSqlPrompt({
      question: 'q',
      dialect: 'sqlite',
      schema: { dialect: 'sqlite', tables: [], version: 'v' } as never,
      examples: [],
      maxRows: 10,
    });
    expect(prompt.system).toContain('CLARIFY: <one short question to the person>');
  });
});
