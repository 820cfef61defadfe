import type { HistoryEntry } from '@nlq/contracts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ClarificationOptions, turnClarification } from './clarification-options';

const clarification = {
  question: 'Which people in London do you mean?',
  options: [
    { id: '1', label: 'customers in London' },
    { id: '2', label: 'employees in London' },
  ],
};

describe('turnClarification', () => {
  it("takes the response's clarification, or a stored entry's without the restated questions", () => {
    expect(turnClarification({ clarification }, undefined)).toEqual(clarification);
    const entry = {
      status: 'clarification',
      clarification: {
        question: clarification.question,
        options: clarification.options.map((o) => ({
          ...o,
          question: `How many people are in London (meaning: ${o.label})`,
        })),
      },
    } as HistoryEntry;
    expect(turnClarification(undefined, entry)).toEqual(clarification);
  });
  it('is null for a turn that answered, and a response wins over an entry', () => {
    expect(turnClarification({ clarification: null }, undefined)).toBeNull();
    expect(turnClarification(undefined, { status: 'ok' } as HistoryEntry)).toBeNull();
    expect(turnClarification({ clarification: null }, { clarification } as unknown as HistoryEntry)).toBeNull();
    expect(turnClarification({ clarification: { question: 'q', options: [] } }, undefined)).toBeNull();
  });
});

describe('ClarificationOptions', () => {
  const render = (props: { chosen?: string; disabled: boolean }) =>
    renderToStaticMarkup(createElement(ClarificationOptions, { clarification, onChoose: () => undefined, ...props }));

  it('shows the question and one enabled button an option, not in the error style', () => {
    const html = render({ disabled: false });
    expect(html).toContain('Which people in London do you mean?');
    expect(html.match(/<button/g)).toHaveLength(2);
    expect(html).toContain('>customers in London</button>');
    expect(html).not.toContain('disabled');
    expect(html).not.toContain('error');
    expect(html).toContain('Choose one, or ask in other words.');
  });
  it('disables the buttons of an answered clarification and marks the chosen option', () => {
    const html = render({ chosen: '2', disabled: true });
    expect(html.match(/disabled=""/g)).toHaveLength(2);
    expect(html).toMatch(/aria-pressed="true"[^>]*data-option-id="2"/);
    expect(html).toContain('Answered.');
    expect(render({ disabled: true })).toContain('Answered by a later question.');
  });
});
