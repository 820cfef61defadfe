import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../api/api-error';

export type ToastKind = 'error' | 'success' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  title: string;
  message?: string;
}

export interface ToastApi {
  /** Show a toast; errors stay 10 s, others 5 s, each closable. */
  push(kind: ToastKind, title: string, message?: string): void;
  /** Show any thrown value as an error toast (an ApiError shows its code, message and request id). */
  error(err: unknown, title?: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** The toast API of the nearest ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast outside ToastProvider');
  return api;
}

/**
 * Toast notifications (docs/http-api.md "Contract: errors" rule 2: errors reach the front end as toasts). Renders the stack in a live region:
 * errors as role="alert", the rest as role="status".
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((t) => t.filter((x) => x.id !== id)), []);

  const push = useCallback(
    (kind: ToastKind, title: string, message?: string) => {
      const id = next.current++;
      setToasts((t) => [...t.slice(-4), { id, kind, title, message }]);
      setTimeout(() => dismiss(id), kind === 'error' ? 10000 : 5000);
    },
    [dismiss],
  );

  const error = useCallback(
    (err: unknown, title?: string) => {
      if (err instanceof ApiError) {
        if (err.code === 'ABORTED') return;
        const ref = err.requestId ? ` (request ${err.requestId})` : '';
        push(
          'error',
          title ?? (err.statusCode ? `Error ${err.statusCode} ${err.code}` : 'Network error'),
          err.describe() + ref,
        );
      } else {
        push('error', title ?? 'Error', err instanceof Error ? err.message : String(err));
      }
    },
    [push],
  );

  const api = useMemo(() => ({ push, error }), [push, error]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toasts" aria-live="polite">
        {toasts.map((t) => (
          <div
            key={t.id}
            className={`toast toast-${t.kind}`}
            role={t.kind === 'error' ? 'alert' : 'status'}
            data-testid="toast"
            data-kind={t.kind}
          >
            <div className="toast-body">
              <strong>{t.title}</strong>
              {t.message && (
                <div className="toast-message" title={t.message}>
                  {t.message}
                </div>
              )}
            </div>
            <button
              type="button"
              className="toast-close"
              aria-label="Dismiss notification"
              onClick={() => dismiss(t.id)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
