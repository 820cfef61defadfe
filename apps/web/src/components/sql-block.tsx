import type { Dialect } from '@nlq/contracts';
import { useMemo, useState } from 'react';
import { formatSql } from '../lib/sql-format';

/** The SQL of an answer, formatted with sql-formatter for the connection's dialect, with a copy button. */
export function SqlBlock({ sql, dialect }: { sql: string; dialect: Dialect | null }) {
  const pretty = useMemo(() => formatSql(sql, dialect), [sql, dialect]);
  const [copied, setCopied] = useState(false);
  return (
    <div className="sql-block">
      <div className="sql-head">
        <span className="muted small-text">SQL{dialect ? ` · ${dialect}` : ''}</span>
        <button
          type="button"
          className="secondary small"
          onClick={() => {
            navigator.clipboard?.writeText(pretty).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <pre data-testid="sql">
        <code>{pretty}</code>
      </pre>
    </div>
  );
}
