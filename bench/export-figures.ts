// The full CSV export as a browser downloads it: rows, bytes and seconds, and how much the
// server's resident memory grew over its level before the export (sampled every 20 ms).
import { bearer, residentBytes } from './bench-server.ts';

export type ExportFigures = {
  rows: number;
  bytes: number;
  seconds: number;
  rowsPerSecond: number;
  rssGrowthMB: number;
};

export async function measureExport(options: {
  baseURL: string;
  token: string;
  serverPid: number;
}): Promise<ExportFigures> {
  const before = residentBytes(options.serverPid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentBytes(options.serverPid));
  }, 20);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  try {
    const response = await fetch(`${options.baseURL}/api/LineItems/export`, { headers: bearer(options.token) });
    if (!response.ok || !response.body) throw new Error(`export: ${response.status}`);
    for await (const chunk of response.body) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines++;
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  // Every value is quoted and line items' texts hold no newline here, so rows = lines - header.
  const rows = lines - 1;
  return { rows, bytes, seconds, rowsPerSecond: rows / seconds, rssGrowthMB: (peak - before) / 2 ** 20 };
}
