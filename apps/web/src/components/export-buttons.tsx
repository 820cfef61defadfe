import { useState } from 'react';
import { saveDownload } from '../lib/download';
import { useApi } from './api-provider';
import { useToast } from './toasts';

/**
 * CSV and JSON download buttons of a history entry (GET /api/export). The request needs X-API-Key, so the file is
 * fetched and handed to the browser as an object URL under the server's file name.
 */
export function ExportButtons({ entryId }: { entryId: string }) {
  const { client } = useApi();
  const toast = useToast();
  const [busy, setBusy] = useState<'csv' | 'json' | null>(null);

  async function download(format: 'csv' | 'json') {
    setBusy(format);
    try {
      saveDownload(await client.exportEntry(entryId, format));
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
    </span>
  );
}
