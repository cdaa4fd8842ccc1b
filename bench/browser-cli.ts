// Runs bench/browser.ts alone against a running server (load its database and add a user first):
//   BASE_URL=http://127.0.0.1:3000 EMAIL=... PASSWORD=... node --import tsx bench/browser-cli.ts [--runs 5]
// Chromium: /usr/bin/chromium, or CHROMIUM_PATH.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { measureDashboard } from './browser.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    rare: { type: 'string', default: 'PO-0123456' },
    common: { type: 'string', default: 'sea' },
  },
});
const baseURL = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const runs = Number(values.runs);
const figures = await measureDashboard({
  baseURL,
  email: process.env.EMAIL ?? '',
  password: process.env.PASSWORD ?? '',
  runs,
  rareSearch: values.rare,
  commonSearch: values.common,
});
console.log(
  `${baseURL}, ${os.cpus().length} cores, ${new Date().toISOString()}, warmed once, then ${runs} runs (ms)\n`,
);
console.log('| measure | median | p95 | max |\n|---|---|---|---|');
const rows: [string, typeof figures.firstRows][] = [
  ['navigation to first rows painted', figures.firstRows],
  ['apply a filter (Transit Type equals AIR), from the Apply click to its rows painted', figures.filter],
  [`type a rare search (${values.rare}) to its rows painted`, figures.rareSearch],
  [`type a common search (${values.common}) to its rows painted`, figures.commonSearch],
];
for (const [name, s] of rows)
  console.log(`| ${name} | ${s.median.toFixed(0)} | ${s.p95.toFixed(0)} | ${s.max.toFixed(0)} |`);
