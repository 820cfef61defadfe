import type { ChatResponse } from '@nlq/contracts';
import { definitionsUsed } from '../lib/knowledge';

/**
 * The business definitions an answer was held to (`ChatResponse.knowledge`), under the answer next to how
 * nlq read it: "Definitions used: revenue (v2)". Renders nothing when none applied. A `note` named "Definitions used".
 */
export function DefinitionsUsed({ knowledge }: { knowledge: ChatResponse['knowledge'] }) {
  const text = definitionsUsed(knowledge);
  if (!text) return null;
  return (
    <p className="reading muted small-text" role="note" aria-label="Definitions used" data-testid="chat-definitions">
      {text}
    </p>
  );
}
