import type { WebhookFormat } from '@nlq/contracts';
import { textTable } from './result-table';
import { messageTitle, type RunMessage } from './run-message';

/** Longest text of one Slack section block (Slack Block Kit: 3000 characters). */
const SLACK_SECTION_CHARS = 3000;

/**
 * The body of a webhook POST in its format (docs/http-api.md "Schedules and alerts", "Messages"): `json` is the
 * run message itself; `slack` a Slack incoming-webhook message ({@link slackMessage}); `teams` a Teams
 * incoming-webhook message with an Adaptive Card ({@link teamsMessage}).
 */
export function webhookBody(format: WebhookFormat, message: RunMessage): unknown {
  if (format === 'slack') return slackMessage(message);
  if (format === 'teams') return teamsMessage(message);
  return message;
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Slack mrkdwn escapes &, < and > (Slack "Formatting text for app surfaces", escaping text). */
function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * A Slack incoming-webhook message (Block Kit): `text` (the notification fallback: title and answers) and `blocks`:
 * a header with the title, then per result a mrkdwn section with its name and answer and a section with its first
 * rows as a table in a code block, each section at most 3000 characters.
 */
export function slackMessage(message: RunMessage): { text: string; blocks: unknown[] } {
  const title = messageTitle(message);
  const blocks: unknown[] = [{ type: 'header', text: { type: 'plain_text', text: cut(title, 150), emoji: false } }];
  for (const result of message.results) {
    const answer = `*${slackEscape(result.name)}*\n${slackEscape(result.answer)}`;
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: cut(answer, SLACK_SECTION_CHARS) } });
    if (result.columns.length > 0) {
      const table = cut(slackEscape(textTable(result.columns, result.rows, result.row_count)), SLACK_SECTION_CHARS - 8);
      blocks.push({ type: 'section', text: { type: 'mrkdwn', text: '```\n' + table + '\n```' } });
    }
  }
  const text = [title, ...message.results.map((r) => `${r.name}: ${r.answer}`)].join('\n');
  return { text: cut(text, SLACK_SECTION_CHARS), blocks };
}

/**
 * A Teams incoming-webhook message: `{ type: "message", attachments: [{ contentType:
 * "application/vnd.microsoft.card.adaptive", content: <Adaptive Card 1.4> }] }` whose body has the title, then per
 * result its name, its answer and its first rows as a monospace text table.
 */
export function teamsMessage(message: RunMessage): unknown {
  const body: unknown[] = [
    { type: 'TextBlock', text: messageTitle(message), weight: 'Bolder', size: 'Medium', wrap: true },
  ];
  for (const result of message.results) {
    body.push({ type: 'TextBlock', text: result.name, weight: 'Bolder', wrap: true, separator: true });
    body.push({ type: 'TextBlock', text: result.answer, wrap: true });
    if (result.columns.length > 0)
      body.push({
        type: 'TextBlock',
        text: textTable(result.columns, result.rows, result.row_count),
        fontType: 'Monospace',
        wrap: true,
      });
  }
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body,
        },
      },
    ],
  };
}
