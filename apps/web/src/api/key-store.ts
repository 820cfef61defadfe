import { KEY_STORAGE_SLOT } from '../config';

/** The API key kept in localStorage (asked for once, docs/web-app.md); null when none is stored. */
export function loadKey(): string | null {
  try {
    return localStorage.getItem(KEY_STORAGE_SLOT) || null;
  } catch {
    return null;
  }
}

/** Store the key, or forget it with null. */
export function saveKey(key: string | null): void {
  try {
    if (key) localStorage.setItem(KEY_STORAGE_SLOT, key);
    else localStorage.removeItem(KEY_STORAGE_SLOT);
  } catch {
    /* private mode: the key lives for this page only */
  }
}
