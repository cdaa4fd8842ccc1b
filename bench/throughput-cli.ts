// Requests/s of new questions against a running server (Performance II, target 4): the default page and
// one filtered page, every request a URL the server has not seen, so none is remembered:
//   BASE_URL=http://127.0.0.1:3000 EMAIL=... PASSWORD=... node --import tsx bench/throughput-cli.ts [--seconds 20] [--connections 48]
import { parseArgs } from 'node:util';
import { signInOverHttp } from '../apps/server/src/testing/real-server.ts';
import { measureThroughput } from './throughput.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '20' }, connections: { type: 'string', default: '48' } },
});
const baseURL = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const token = await signInOverHttp(baseURL, process.env.EMAIL ?? '', process.env.PASSWORD ?? '');
const sea = encodeURIComponent(JSON.stringify([{ column: 'transit_type', operator: 'equals', value: 'SEA' }]));
console.log('| page | requests/s | p50 ms | p99 ms | errors | non-2xx |\n|---|---|---|---|---|---|');
for (const [name, url] of [
  ['default page', `${baseURL}/api/LineItems`],
  ['Transit Type equals SEA', `${baseURL}/api/LineItems?filters=${sea}`],
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
