import http from 'node:http';
import https from 'node:https';
import { deliveryUrlProblem, guardedLookup } from './delivery-host-guard';

/** How long one webhook POST may take, connection included, in ms. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Most bytes of a webhook's answer read (and dropped). */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POST `body` as JSON to a webhook URL (docs/http-api.md "Schedules and alerts"): the URL checked again by the
 * delivery guard (DELIVERY_ALLOWED_HOSTS may have changed since the schedule was saved), the host resolved through
 * {@link guardedLookup} (a name resolving to a link-local or metadata address is never connected to), no redirect
 * followed, {@link WEBHOOK_TIMEOUT_MS}. Resolves on a 2xx answer.
 * @throws Error naming the host and the HTTP status or network failure, never the URL's path or query (they hold the
 *   webhook's token).
 */
export async function postWebhook(url: string, body: unknown, allowedHosts: string[]): Promise<void> {
  const problem = deliveryUrlProblem(url, allowedHosts);
  if (problem) throw new Error(`Delivery refused: ${problem}`);
  const target = new URL(url);
  const payload = Buffer.from(JSON.stringify(body), 'utf8');
  const send = target.protocol === 'https:' ? https.request : http.request;
  await new Promise<void>((resolve, reject) => {
    const request = send(
      target,
      {
        method: 'POST',
        lookup: guardedLookup,
        timeout: WEBHOOK_TIMEOUT_MS,
        headers: { 'content-type': 'application/json', 'content-length': payload.length, 'user-agent': 'nlq' },
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        response.on('close', () => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve();
          else reject(new Error(`HTTP ${status} from ${target.host}`));
        });
      },
    );
    request.on('timeout', () =>
      request.destroy(new Error(`no answer from ${target.host} in ${WEBHOOK_TIMEOUT_MS} ms`)),
    );
    request.on('error', (error) => reject(new Error(`${target.host}: ${error.message}`)));
    request.end(payload);
  });
}
