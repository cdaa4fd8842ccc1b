import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

/** `headers`: extra header fields (an alert's List-Unsubscribe). */
export type Mail = { to: string; subject: string; text: string; headers?: Record<string, string> };
export type Mailer = { send: (mail: Mail) => Promise<void> };

/**
 * SMTP when SMTP_URL is set; otherwise each mail is written to DATA_DIR/outbox/ and logged,
 * so password reset works on a laptop with no mail server.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      send: async (mail) => {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  return {
    send: async (mail) => {
      await mkdir(outbox, { recursive: true, mode: 0o700 });
      const safeRecipient = mail.to.replace(/[^A-Za-z0-9@._-]/g, '_');
      const file = path.join(outbox, `${new Date().toISOString().replaceAll(':', '-')}-${safeRecipient}.eml`);
      const extra = Object.entries(mail.headers ?? {}).map(([name, value]) => `${name}: ${value}\n`);
      const body = `From: ${options.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n${extra.join('')}\n${mail.text}\n`;
      await writeFile(file, body, { mode: 0o600 });
      options.log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox (SMTP_URL is not set)');
    },
  };
}
