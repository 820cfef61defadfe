export interface PagerProps {
  /** 1-based page number. */
  page: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
  /** Prefix of the data-testid attributes (default "pager"). */
  testId?: string;
}

/** Previous/next paging control with "rows a–b of n". */
export function Pager({ page, pageSize, total, onPage, testId = 'pager' }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <div className="pager" role="navigation" aria-label="Pages" data-testid={testId}>
      <button
        type="button"
        className="secondary small"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        data-testid={`${testId}-prev`}
      >
        ‹ Previous
      </button>
      <span className="muted">
        {from}–{to} of {total} (page {page} of {pages})
      </span>
      <button
        type="button"
        className="secondary small"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        data-testid={`${testId}-next`}
      >
        Next ›
      </button>
    </div>
  );
}
