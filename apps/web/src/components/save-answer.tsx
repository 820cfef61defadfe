import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useApi } from './api-provider';
import { useToast } from './toasts';

/**
 * "Save" under an answer: names it (the question by default) and keeps it with POST /api/saved `{ name, session_id,
 * entry_id }`; once saved, a link to the Saved page. The API's 400 message shows by the name field.
 */
export function SaveAnswer({ sessionId, entryId, question }: { sessionId: string; entryId: string; question: string }) {
  const { client } = useApi();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(question.slice(0, 128));
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await client.saveAnswer({ name: name.trim(), session_id: sessionId, entry_id: entryId });
      setSaved(true);
      setOpen(false);
    } catch (err) {
      toast.error(err, 'Could not save the answer');
    } finally {
      setBusy(false);
    }
  }

  if (saved)
    return (
      <span className="muted small-text" role="status" data-testid="answer-saved">
        Saved. <Link to="/saved">See saved answers</Link>
      </span>
    );
  if (!open)
    return (
      <button type="button" className="secondary small" onClick={() => setOpen(true)} data-testid="save-answer">
        Save
      </button>
    );
  return (
    <form className="save-answer row" onSubmit={save} aria-label="Save this answer">
      <label htmlFor={`save-${entryId}`} className="sr-only">
        Name
      </label>
      <input
        id={`save-${entryId}`}
        value={name}
        maxLength={128}
        onChange={(e) => setName(e.target.value)}
        data-testid="save-answer-name"
        autoFocus
      />
      <button type="submit" className="small" disabled={busy || !name.trim()} data-testid="save-answer-confirm">
        {busy ? 'Saving…' : 'Save answer'}
      </button>
      <button type="button" className="secondary small" onClick={() => setOpen(false)}>
        Cancel
      </button>
    </form>
  );
}
