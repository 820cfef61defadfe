/** Where the chat keeps the session it showed last, so /chat reopens it after navigation and reloads. */
export const LAST_SESSION_SLOT = 'nlq.chat.lastSession';

/** The chat session shown last in this browser, or null. */
export function loadLastSession(): string | null {
  try {
    return localStorage.getItem(LAST_SESSION_SLOT) || null;
  } catch {
    return null;
  }
}

/** Remember the chat's session, or forget it with null (a new conversation, a session that is gone). */
export function saveLastSession(sessionId: string | null): void {
  try {
    if (sessionId) localStorage.setItem(LAST_SESSION_SLOT, sessionId);
    else localStorage.removeItem(LAST_SESSION_SLOT);
  } catch {
    /* private mode: the session lives in the URL only */
  }
}
