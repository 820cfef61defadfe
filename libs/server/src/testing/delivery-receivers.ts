import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One POST a {@link WebhookReceiver} answered. */
export interface ReceivedWebhook {
  path: string;
  body: unknown;
  /** The status it was answered with. */
  status: number;
}

/** A real local webhook endpoint on 127.0.0.1 and an ephemeral port. */
export interface WebhookReceiver {
  /** e.g. http://127.0.0.1:43121 */
  url: string;
  /** Every POST received, in order, with the status answered. */
  received: ReceivedWebhook[];
  /** Answer the next POSTs with these statuses (then 200). */
  failNext(...statuses: number[]): void;
  close(): Promise<void>;
}

/** Start a webhook receiver: it records each POST's path and JSON body and answers 200 (or the statuses queued). */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const queued: number[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = queued.shift() ?? 200;
      let body: unknown = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = Buffer.concat(chunks).toString('utf8');
      }
      received.push({ path: request.url ?? '', body, status });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'failed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    failNext: (...statuses) => queued.push(...statuses),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** One message a {@link SmtpReceiver} accepted. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and MIME body). */
  raw: string;
}

/** A real local SMTP server on 127.0.0.1 and an ephemeral port, with a user and password (AUTH PLAIN/LOGIN). */
export interface SmtpReceiver {
  /** `smtp://user:password@127.0.0.1:<port>` */
  url: string;
  password: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** Start an SMTP server (smtp-server, no TLS) that accepts `user` with `password` and records every message. */
export async function startSmtpReceiver(user = 'mailer', password = 'smtp-secret-pass-7781'): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) return callback(null, { user });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${user}:${password}@127.0.0.1:${port}`,
    password,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
