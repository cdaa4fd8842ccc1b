// A webhook receiver on loopback over HTTPS, with a certificate made for it (the server trusts it
// through WEBHOOK_CA_FILE): for the webhook and several-server suites.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export type Received = { headers: Record<string, string | string[] | undefined>; body: string };

export async function startHttpsReceiver() {
  const certDir = mkdtempSync(path.join(os.tmpdir(), 'quayside-webhook-'));
  const key = path.join(certDir, 'key.pem');
  const caFile = path.join(certDir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1'],
      ...['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', caFile],
    ],
    { stdio: 'ignore' },
  );
  const received: Received[] = [];
  /** The receiver's answers in turn; 200 once they run out. */
  const answers: number[] = [];
  const server = https.createServer({ key: readFileSync(key), cert: readFileSync(caFile) }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = answers.shift() ?? 200;
      response.end('thanks');
    });
  });
  /** TCP connections made to it, answered or not. */
  const connections = { count: 0 };
  server.on('connection', () => {
    connections.count += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `https://127.0.0.1:${port}/quayside`,
    port,
    caFile,
    received,
    answers,
    connections,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      rmSync(certDir, { recursive: true, force: true });
    },
  };
}
