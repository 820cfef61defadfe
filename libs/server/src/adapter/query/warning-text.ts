import type { AnswerWarning } from '@nlq/contracts';

/**
 * The /query response text with the answer check's warnings (docs/http-api.md "Answer warnings"): POST /query has no
 * field for them (docs/http-api.md "Contract: query adapter" QueryResponse), so each follows the answer on its own line beginning "Note: ",
 * unless the text already says it. The text unchanged when there is none.
 */
export function responseWithWarnings(text: string, warnings: readonly AnswerWarning[]): string {
  let out = text;
  for (const warning of warnings) {
    const line = `Note: ${warning.message}`;
    if (!out.includes(line)) out = out ? `${out}\n${line}` : line;
  }
  return out;
}
