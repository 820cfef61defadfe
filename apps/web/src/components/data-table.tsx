import { useEffect, useState } from 'react';
import { numericValue } from '@nlq/contracts';
import { columnTitle, formatTableCell } from '../lib/format';
import { Pager } from './pager';

export interface DataTableProps {
  columns: string[];
  rows: unknown[][];
  /** Rows a page (client-side paging). Default 10. */
  pageSize?: number;
  caption?: string;
  /** A note under the table (data-testid table-footer), e.g. "Showing 1,000 of 2,369 rows" for a result the row limit cut. */
  footer?: string | null;
}

/**
 * A result table with client-side paging and an optional footer note. Headers in words (`total_sales` -> "Total
 * sales", the column name as its title and data-column), values through the shared formatter (contracts
 * value-format: money with two decimals, grouped counts, dates as dates), numbers right-aligned, NULL dimmed.
 */
export function DataTable({ columns, rows, pageSize = 10, caption, footer }: DataTableProps) {
  const [page, setPage] = useState(1);
  useEffect(() => {
    setPage(1);
  }, [rows]);
  const start = (page - 1) * pageSize;
  const visible = rows.slice(start, start + pageSize);
  const numeric = columns.map((_, i) => {
    const first = rows.find((r) => r[i] !== null && r[i] !== undefined)?.[i];
    return first !== undefined && numericValue(first) !== null;
  });
  return (
    <div className="table-wrap">
      <table className="data" data-testid="result-table">
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={i} scope="col" className={numeric[i] ? 'num' : undefined} title={c} data-column={c}>
                {columnTitle(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {visible.map((row, r) => (
            <tr key={start + r}>
              {columns.map((column, i) => {
                const v = row[i];
                return (
                  <td key={i} className={v === null || v === undefined ? 'null' : numeric[i] ? 'num' : undefined}>
                    {formatTableCell(v, column)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > pageSize && (
        <Pager page={page} pageSize={pageSize} total={rows.length} onPage={setPage} testId="table-pager" />
      )}
      {footer && (
        <p className="table-footer muted small-text" data-testid="table-footer">
          {footer}
        </p>
      )}
    </div>
  );
}
