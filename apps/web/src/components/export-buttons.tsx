import { useState } from 'react';
import { saveDownload } from '../lib/download';
import { exportNotice } from '../lib/export-notice';
import { useApi } from './api-provider';
import { useToast } from './toasts';

/**
 * CSV and JSON download buttons of a history entry (GET /api/export, which runs the query again without the row limit
 * up to EXPORT_MAX_ROWS). The request needs X-API-Key, so the file is fetched and handed to the browser as an object
 * URL under the server's file name; a notice beside the buttons then says how many rows the file holds (and that the
 * export limit cut it, when it did).
 */
export function ExportButtons({ entryId }: { entryId: string }) {
  const { client } = useApi();
  const toast = useToast();
  const [busy, setBusy] = useState<'csv' | 'json' | null>(null);
  const [written, setWritten] = useState<string | null>(null);

  async function download(format: 'csv' | 'json') {
    setBusy(format);
    try {
      const { blob, filename, rows, truncated } = await client.exportEntry(entryId, format);
      setWritten(exportNotice(format, rows, truncated));
      saveDownload({ blob, filename });
    } catch (err) {
      toast.error(err, 'Export failed');
    } finally {
      setBusy(null);
    }
  }

  return (
    <span className="export">
      <button
        type="button"
        className="secondary small"
        disabled={busy !== null}
        onClick={() => download('csv')}
        data-testid="export-csv"
      >
        {busy === 'csv' ? 'Exporting…' : 'Export CSV'}
      </button>
      <button
        type="button"
        className="secondary small"
        disabled={busy !== null}
        onClick={() => download('json')}
        data-testid="export-json"
      >
        {busy === 'json' ? 'Exporting…' : 'JSON'}
      </button>
      {written && (
        <span className="muted small-text" role="status" data-testid="export-written">
          {written}
        </span>
      )}
    </span>
  );
}
