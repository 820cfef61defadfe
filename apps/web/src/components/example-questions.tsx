import { useEffect, useState } from 'react';
import { useApi } from './api-provider';

export interface ExampleQuestionListProps {
  /** The connection whose schema the questions come from; nothing is shown without one. */
  connectionId: string | null;
  onAsk(question: string): void;
  disabled?: boolean;
}

/**
 * The empty chat's example questions, from GET /api/connections/{id}/example-questions: questions
 * built from that connection's schema and answered by the offline engine before they are listed. One button each
 * (data-testid example-question) asks it. While they load, a short note; when there are none, a hint to open the
 * tables panel.
 */
export function ExampleQuestionList({ connectionId, onAsk, disabled = false }: ExampleQuestionListProps) {
  const { client } = useApi();
  const [questions, setQuestions] = useState<string[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!connectionId) return;
    let live = true;
    setQuestions(null);
    setFailed(false);
    client.exampleQuestions(connectionId).then(
      (r) => live && setQuestions(r.questions),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [client, connectionId]);

  return (
    <div className="examples-empty" data-testid="example-questions">
      <p className="muted">Ask a question about your data in plain words.</p>
      {questions === null && !failed && <p className="muted small-text">Finding questions this database can answer…</p>}
      {(failed || (questions !== null && questions.length === 0)) && (
        <p className="muted small-text">Open “Tables” to see what data there is.</p>
      )}
      {questions && questions.length > 0 && (
        <>
          <p className="small-text">Questions this database answers, for a start:</p>
          <ul className="example-list">
            {questions.map((q) => (
              <li key={q}>
                <button
                  type="button"
                  className="secondary"
                  disabled={disabled}
                  onClick={() => onAsk(q)}
                  data-testid="example-question"
                >
                  {q}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
