// A spreadsheet cannot take the server down: the real server, as a child process, is
// sent the attack's workbook by a signed-in Forwarder, a dry-run import of an .xlsx whose
// sharedStrings.xml unpacks to 2 GiB of tiny strings (it used to grow the server to 4.4 GB and kill
// it). It refuses the file naming the limit, its memory stays low, and it goes on serving.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, limitMessages } from './modules/import/import-limits.ts';
import { multipart } from './testing/multipart.ts';
import { createServerData, type RealServer, runCli, signInOverHttp, startRealServer } from './testing/real-server.ts';
import { testEngine } from './testing/test-database.ts';
import { lyingSheetBomb, sharedStringsBomb } from './testing/workbook-bomb.ts';

const FORWARDER = { email: 'bomb-forwarder@blue.example', password: 'bomb test forwarder password' };
const MB = 1024 * 1024;

let data: Awaited<ReturnType<typeof createServerData>>;
let server: RealServer | undefined;
beforeAll(async () => {
  data = await createServerData();
  await runCli(data.env, [
    'create-user',
    ...['--email', FORWARDER.email, '--password', FORWARDER.password],
    ...['--role', 'Forwarder', '--name', 'Bomb Forwarder', '--company', 'Blue Anchor Logistics'],
  ]);
});
afterAll(async () => {
  await server?.stop();
  await data?.remove();
});

const incoming = () => path.join(data.dataDir, 'incoming');

/** The server's peak resident memory so far (VmHWM), in bytes. */
function peakMemory(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /^VmHWM:\s+(\d+) kB/m.exec(status)?.[1];
  if (!kib) throw new Error('no VmHWM in /proc status');
  return Number(kib) * 1024;
}

async function dryRunImport(target: RealServer, token: string, file: Buffer) {
  const body = multipart([], [{ field: 'shipments', name: 'report.xlsx', bytes: file }]);
  const response = await fetch(`${target.baseUrl}/api/Import?dryRun=true`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
    body: body.payload,
  });
  return { status: response.status, body: (await response.json()) as { message?: string } };
}

/** What a user sees of a server that is still up: the probe and a signed-in page. */
async function stillServing(target: RealServer, token: string) {
  const livez = await fetch(`${target.baseUrl}/livez`);
  const page = await fetch(`${target.baseUrl}/api/LineItems`, { headers: { authorization: `Bearer ${token}` } });
  return { livez: livez.status, lineItems: page.status };
}

describe(`a spreadsheet cannot take the server down (${testEngine})`, () => {
  it('refuses the 2 GiB shared-strings bomb naming the limit, with little memory, and goes on serving', async () => {
    // An upload a crash cut short, left in DATA_DIR/incoming.
    mkdirSync(path.join(incoming(), 'import-leftover'), { recursive: true });
    writeFileSync(path.join(incoming(), 'import-leftover', 'shipments'), 'left behind');
    server = await startRealServer(data.env);
    expect(readdirSync(incoming())).toEqual([]);
    const token = await signInOverHttp(server.baseUrl, FORWARDER.email, FORWARDER.password);

    const built = performance.now();
    const bomb = sharedStringsBomb(2048);
    const buildMs = performance.now() - built;
    const before = peakMemory(server.pid);
    const refusing = dryRunImport(server, token, bomb);
    // Served while the bomb is being read.
    const meanwhile = await fetch(`${server.baseUrl}/livez`);
    const refused = await refusing;
    const peak = peakMemory(server.pid);
    console.log(
      `import bomb (${testEngine}): ${(bomb.length / MB).toFixed(1)} MB, unpacking to 2,048 MiB ` +
        `(${(2048 * Math.floor(MB / 17)).toLocaleString('en-US')} shared strings), built in ${buildMs.toFixed(0)} ms; ` +
        `server peak RSS ${(before / MB).toFixed(0)} MB before, ${(peak / MB).toFixed(0)} MB after refusing it`,
    );
    expect(meanwhile.status).toBe(200);
    expect(refused).toEqual({
      status: 413,
      body: { message: limitMessages.sharedStrings(IMPORT_LIMITS.sharedStrings) },
    });
    expect(peak).toBeLessThan(1024 * MB);

    // A worksheet whose zip headers say 1 KiB, unpacking to more than an import may (1 GiB).
    const lying = await dryRunImport(server, token, lyingSheetBomb(1025));
    expect(lying).toEqual({
      status: 413,
      body: { message: limitMessages.entryUnzippedBytes(IMPORT_LIMITS.entryUnzippedBytes, 'xl/worksheets/sheet1.xml') },
    });

    expect(await stillServing(server, token)).toEqual({ livez: 200, lineItems: 200 });
    expect(readdirSync(incoming())).toEqual([]);
    await server.stop();
    server = undefined;
  }, 180_000);

  it('refuses a file within the bounds that needs more memory than a reader may use, and goes on serving', async () => {
    server = await startRealServer({ ...data.env, IMPORT_READER_MEMORY_MB: '32' });
    const token = await signInOverHttp(server.baseUrl, FORWARDER.email, FORWARDER.password);
    // 24,000 shared strings of 2,000 characters: within every bound, but exceljs holds them all (48 MB).
    const hungry = await dryRunImport(server, token, sharedStringsBomb(48, 'x'.repeat(2000)));
    expect(hungry).toEqual({ status: 413, body: { message: limitMessages.memory(32) } });
    expect(await stillServing(server, token)).toEqual({ livez: 200, lineItems: 200 });
    expect(readdirSync(incoming())).toEqual([]);
    // And a file that fits is imported as before.
    const fits = await dryRunImport(server, token, Buffer.from('Shipment,Order Ref\nBOMB-1,PO-1\n'));
    expect(fits.status).toBe(200);
    await server.stop();
    server = undefined;
  }, 180_000);
});
