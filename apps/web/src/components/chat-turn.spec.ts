import type { ChatResponse, HistoryEntry } from '@nlq/contracts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { ChatTurn, turnStatus, type Turn } from './chat-turn';

const response = (fields: Partial<ChatResponse>): ChatResponse => ({
  response: 'There are 4 employees in London.',
  sql: "SELECT COUNT(*) AS employees FROM employees WHERE city = 'London'",
  success: true,
  pending_approval: false,
  session_id: 's1',
  error: null,
  columns: ['employees'],
  rows: [[4]],
  row_count: 1,
  truncated: false,
  chart: null,
  trace_id: 't1',
  history_entry_id: 'h1',
  kind: 'read',
  cached: false,
  connection_id: 'c1',
  repairs: [],
  reading: 'Counted employees whose city is London.',
  clarification: null,
  total_rows: null,
  warnings: [],
  ...fields,
});

const clarification = {
  question: 'Which people in London do you mean?',
  options: [
    { id: '1', label: 'customers in London' },
    { id: '2', label: 'employees in London' },
  ],
};
const asked = response({
  response:
    'Which people in London do you mean?\n1. customers in London\n2. employees in London\nReply with the number or the words of one option, or ask in other words.',
  sql: null,
  success: false,
  columns: [],
  rows: [],
  row_count: 0,
  kind: null,
  reading: null,
  clarification,
});

const turn = (fields: Partial<Turn>): Turn => ({
  key: 'k',
  question: 'How many people are in London?',
  state: 'done',
  stages: [],
  ...fields,
});

/** Static markup of a turn (no ApiProvider here: its answers carry no history entry id, so no export buttons). */
function render(t: Turn, props: { canClarify?: boolean; canRate?: boolean } = {}): string {
  if (t.response) t = { ...t, response: { ...t.response, history_entry_id: '' } };
  const chatTurn = createElement(ChatTurn, {
    turn: t,
    dialect: 'sqlite',
    canDecide: false,
    canRate: false,
    onDecide: () => undefined,
    onFeedback: () => undefined,
    onClarify: () => undefined,
    ...props,
  });
  return renderToStaticMarkup(createElement(MemoryRouter, null, chatTurn));
}

describe('turnStatus', () => {
  it('names a clarification as such, not as an error', () => {
    expect(turnStatus(turn({ response: asked }))).toBe('clarification');
    expect(turnStatus(turn({ entry: { status: 'clarification' } as HistoryEntry }))).toBe('clarification');
  });
  it('keeps the other statuses', () => {
    expect(turnStatus(turn({ state: 'running' }))).toBe('running');
    expect(turnStatus(turn({ response: response({}) }))).toBe('ok');
    const warnings = [{ code: 'unused_words', message: 'The SQL does not use this part of the question: "CEO".' }];
    expect(turnStatus(turn({ response: response({ warnings }) }))).toBe('check_this');
    expect(turnStatus(turn({ entry: { status: 'ok', warnings } as HistoryEntry }))).toBe('check_this');
    expect(turnStatus(turn({ response: response({ pending_approval: true }) }))).toBe('pending_approval');
    expect(turnStatus(turn({ response: response({ pending_approval: true }), decision: { status: 'approved' } }))).toBe(
      'approved',
    );
    expect(turnStatus(turn({ response: response({ success: false, error: 'no such column' }) }))).toBe('error');
    expect(turnStatus(turn({ state: 'failed', error: 'network' }))).toBe('error');
  });
});

describe('ChatTurn', () => {
  it('shows how nlq read an answer, labelled, under the answer', () => {
    const html = render(turn({ response: response({}) }));
    expect(html).toMatch(
      /data-testid="chat-answer">There are 4 employees in London.<\/p><p[^>]*role="note" aria-label="How nlq read it"/,
    );
    expect(html).toContain('How nlq read it:</span> Counted employees whose city is London.');
    expect(
      render(turn({ entry: { status: 'ok', answer: 'Four.', reading: 'Counted employees.' } as HistoryEntry })),
    ).toContain('Counted employees.');
    expect(render(turn({ response: response({ reading: null }) }))).not.toContain('How nlq read it');
    expect(
      render(
        turn({ response: response({ success: false, error: 'no such column: x', response: 'no such column: x' }) }),
      ),
    ).not.toContain('How nlq read it');
  });

  it('shows an answer with warnings under an amber "check this" badge instead of the green ok, with each message', () => {
    const warnings = [
      { code: 'unused_words', message: 'The SQL does not use this part of the question: "per status".' },
    ];
    const html = render(turn({ response: response({ warnings }) }));
    expect(html).toMatch(/class="badge badge-warn" data-testid="chat-status">check this</);
    expect(html).not.toContain('badge-good');
    expect(html).toMatch(/data-testid="chat-warnings"><li data-code="unused_words">The SQL does not use this part/);
    expect(render(turn({ response: response({}) }))).not.toContain('chat-warnings');
  });

  it('shows a question asked back with its options, without the error style, the numbered text or thumbs', () => {
    const html = render(turn({ response: asked }), { canClarify: true, canRate: true });
    expect(html).toContain('data-testid="clarification"');
    expect(html.match(/data-testid="clarification-option"/g)).toHaveLength(2);
    expect(html).not.toContain('disabled=""');
    expect(html).not.toContain('error');
    expect(html).not.toContain('Reply with the number');
    expect(html).not.toContain('feedback-up');
    expect(html).toContain('>clarification</span>');
  });

  it('disables the options once chosen or when the clarification is no longer the latest turn', () => {
    expect(
      render(turn({ response: asked, chosenOption: '2' }), { canClarify: true }).match(/disabled=""/g),
    ).toHaveLength(2);
    expect(render(turn({ response: asked }), { canClarify: false }).match(/disabled=""/g)).toHaveLength(2);
  });

  it('states the real total under a table the row limit cut', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => [i]);
    const cut = response({ columns: ['order_id'], rows, row_count: 1000, truncated: true, total_rows: 2369 });
    const html = render(turn({ response: cut }));
    expect(html).toContain('<caption>1,000 rows</caption>');
    expect(html).toMatch(/data-testid="table-footer">Showing 1,000 of 2,369 rows\. Export for more\.</);
    expect(render(turn({ response: { ...cut, total_rows: null } }))).toContain(
      'Showing the first 1,000 rows; more exist. Export for more.',
    );
    expect(render(turn({ response: response({}) }))).not.toContain('table-footer');
  });
});
