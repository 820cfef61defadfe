export interface FormFooterProps {
  /** Why the form cannot be sent, shown as an alert; null for none. */
  problem: string | null;
  /** A save is in flight: the Save button is disabled and reads "Saving…". */
  busy: boolean;
  onCancel(): void;
  /** data-testid of the Save (submit) button. */
  saveTestId: string;
}

/** The end of a create/edit form: the problem alert, then Cancel and Save (submit). */
export function FormFooter({ problem, busy, onCancel, saveTestId }: FormFooterProps) {
  return (
    <>
      {problem && (
        <p className="error-text" role="alert">
          {problem}
        </p>
      )}
      <div className="row end">
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" disabled={busy} data-testid={saveTestId}>
          {busy ? 'Saving…' : 'Save'}
        </button>
      </div>
    </>
  );
}
