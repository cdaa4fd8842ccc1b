// Requests/s of new questions against a running server: the default page and one filtered page, as
// whole line items and as the dashboard's rows, every request a URL the server has not seen, so none is remembered:
//   BASE_URL=http://127.0.0.1:3000 EMAIL=... PASSWORD=... node --import tsx bench/throughput-cli.ts [--seconds 20] [--connections 48]
import { parseArgs } from 'node:util';
import { DEFAULT_SHOWN_COLUMNS } from '@quayside/domain/line-item-columns';
import { signInOverHttp } from '../apps/server/src/testing/real-server.ts';
import { measureThroughput } from './throughput.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '20' }, connections: { type: 'string', default: '48' } },
});
const baseURL = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const token = await signInOverHttp(baseURL, process.env.EMAIL ?? '', process.env.PASSWORD ?? '');
const sea = encodeURIComponent(JSON.stringify([{ column: 'transit_type', operator: 'equals', value: 'SEA' }]));
console.log('| page | requests/s | p50 ms | p99 ms | errors | non-2xx |\n|---|---|---|---|---|---|');
// The dashboard's own call: the rows of the columns a table shows first.
const shown = DEFAULT_SHOWN_COLUMNS.default.join(',');
for (const [name, url] of [
  ['default page, whole line items', `${baseURL}/api/LineItems`],
  ['Transit Type equals SEA, whole line items', `${baseURL}/api/LineItems?filters=${sea}`],
  ['default page, the dashboard rows', `${baseURL}/api/LineItems/rows?columns=${shown}`],
  ['Transit Type equals SEA, the dashboard rows', `${baseURL}/api/LineItems/rows?columns=${shown}&filters=${sea}`],
] as const) {
  const f = await measureThroughput({
    name,
    url,
    token,
    uniqueUrls: true,
    seconds: Number(values.seconds),
    connections: Number(values.connections),
  });
  console.log(`| ${name} | ${f.requestsPerSecond.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.errors} | ${f.non2xx} |`);
}
