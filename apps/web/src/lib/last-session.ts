/** Where the chat keeps the session it showed last in this tab, so the Chat link reopens it. */
export const LAST_SESSION_SLOT = 'nlq.chat.lastSession';

/** The chat session this tab showed last, or null. */
export function loadLastSession(): string | null {
  try {
    return sessionStorage.getItem(LAST_SESSION_SLOT) || null;
  } catch {
    return null;
  }
}

/** Remember the chat's session, or forget it with null (a new conversation, a session that is gone). */
export function saveLastSession(sessionId: string | null): void {
  try {
    if (sessionId) sessionStorage.setItem(LAST_SESSION_SLOT, sessionId);
    else sessionStorage.removeItem(LAST_SESSION_SLOT);
  } catch {
    /* storage unavailable: the session lives in the URL only */
  }
}

/** The Chat link: `/chat?session=<last>` when this tab showed a session, else `/chat`. */
export function chatLink(): string {
  const last = loadLastSession();
  return last ? `/chat?session=${encodeURIComponent(last)}` : '/chat';
}
