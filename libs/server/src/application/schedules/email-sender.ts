import { Inject, Injectable } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { AppConfig } from '../../platform/config/app-config';
import { rememberSecrets } from '../../platform/security/secret-scrubber';
import { csvLines } from '../export/csv-format';
import { exportFilename } from '../export/export-filename';
import { escapeHtml, htmlTable, textTable } from './result-table';
import { messageTitle, type RunMessage } from './run-message';

/** How long one SMTP delivery may take (connection, greeting, each command), in ms. */
export const SMTP_TIMEOUT_MS = 15_000;

/**
 * Scheduled emails through SMTP_URL (nodemailer, https://nodemailer.com/smtp/): the subject is the schedule's
 * name (with a late note), the body each result's answer with a small table (plain text and HTML), and each result
 * attached whole as CSV (RFC 4180). SMTP_URL's password is remembered as a secret at start, so no error text or log
 * line of this process shows it; the URL itself is never logged or answered.
 */
@Injectable()
export class EmailSender {
  private transport: Transporter | null = null;

  constructor(@Inject(AppConfig) private readonly config: AppConfig) {
    if (config.smtpUrl) {
      const url = new URL(config.smtpUrl);
      rememberSecrets(config.smtpUrl, url.password, safeDecode(url.password));
    }
  }

  /** true when SMTP_URL is set: email targets may be saved. */
  get configured(): boolean {
    return this.config.smtpUrl !== null;
  }

  /**
   * Send one run's message to `to`.
   * @throws Error (the SMTP server's or the network's message) when SMTP_URL is unset or the server refuses it.
   */
  async send(to: string[], message: RunMessage): Promise<void> {
    if (!this.config.smtpUrl) throw new Error('SMTP_URL is not set: email targets cannot be delivered');
    this.transport ??= nodemailer.createTransport({
      url: this.config.smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    const from = this.config.smtpFrom ?? `nlq@${new URL(this.config.smtpUrl).hostname}`;
    await this.transport.sendMail({
      from,
      to,
      subject: messageTitle(message),
      text: emailText(message),
      html: emailHtml(message),
      attachments: message.results.map((r) => ({
        filename: exportFilename(r.name, r.saved_id, 'csv'),
        content: [...csvLines(r.columns, r.rows)].join(''),
        contentType: 'text/csv; charset=utf-8',
      })),
    });
  }

  /** Close the pooled SMTP connection, if any. */
  close(): void {
    this.transport?.close();
    this.transport = null;
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The plain-text body: the title, then per result its name, answer and table. */
export function emailText(message: RunMessage): string {
  const parts = message.results.map(
    (r) => `${r.name}\n${r.answer}\n\n${r.columns.length > 0 ? textTable(r.columns, r.rows, r.row_count) : ''}`,
  );
  return [messageTitle(message), '', ...parts].join('\n');
}

/** The HTML body: the title, then per result its name, answer and a small table, every value escaped. */
export function emailHtml(message: RunMessage): string {
  const parts = message.results.map(
    (r) =>
      `<h3>${escapeHtml(r.name)}</h3><p>${escapeHtml(r.answer)}</p>${r.columns.length > 0 ? htmlTable(r.columns, r.rows, r.row_count) : ''}`,
  );
  return `<h2>${escapeHtml(messageTitle(message))}</h2>${parts.join('')}`;
}
