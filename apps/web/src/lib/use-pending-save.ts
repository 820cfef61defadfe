import { useState } from 'react';

/** A form's save in flight: `busy` while `onSave` runs. */
export interface PendingSave<T> {
  busy: boolean;
  /** Run `onSave(input)`; a rejection is swallowed (the page shows it as a toast) so the form stays open. */
  save(input: T): Promise<void>;
}

/** Wrap a form's `onSave` prop (which rejects to keep the form open) with a busy flag for the Save button. */
export function usePendingSave<T>(onSave: (input: T) => Promise<void>): PendingSave<T> {
  const [busy, setBusy] = useState(false);
  async function save(input: T) {
    setBusy(true);
    try {
      await onSave(input);
    } catch {
      /* the page shows the error as a toast; keep the form */
    } finally {
      setBusy(false);
    }
  }
  return { busy, save };
}
