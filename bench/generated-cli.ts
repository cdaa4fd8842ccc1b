// Runs the generated questions (generated-mix.ts) alone against a running server on a bulk-loaded
// database (`npm run cli -- bulk-load`), as a user who sees the load's first shipments (an Admin):
//   BASE_URL=http://127.0.0.1:3000 EMAIL=... PASSWORD=... node --import tsx bench/generated-cli.ts [--questions 300] [--seed 23]
// With AS_EMAIL and AS_PASSWORD the same questions are asked as that user instead (a Forwarder).
import os from 'node:os';
import { parseArgs } from 'node:util';
import { signInOverHttp } from '../apps/server/src/testing/real-server.ts';
import {
  distribution,
  estimateErrors,
  GENERATED_SEED,
  generateQuestions,
  missOf,
  runGeneratedMix,
  sampleRows,
  timesOf,
  worst,
} from './generated-mix.ts';

const { values } = parseArgs({
  options: { questions: { type: 'string', default: '300' }, seed: { type: 'string', default: String(GENERATED_SEED) } },
});
const baseURL = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const sampler = await signInOverHttp(baseURL, process.env.EMAIL ?? '', process.env.PASSWORD ?? '');
const asker = process.env.AS_EMAIL
  ? await signInOverHttp(baseURL, process.env.AS_EMAIL, process.env.AS_PASSWORD ?? '')
  : sampler;
const questions = generateQuestions(Number(values.seed), Number(values.questions), await sampleRows(baseURL, sampler));
const figures = await runGeneratedMix(baseURL, asker, questions);

console.log(`${baseURL}, ${os.cpus().length} cores, ${new Date().toISOString()}, ${questions.length} questions (ms)\n`);
console.log('| answer | n | p50 | p90 | p95 | p99 | max |\n|---|---|---|---|---|---|---|');
for (const key of ['pages', 'counts', 'remembered'] as const) {
  const d = distribution(timesOf(figures[key]));
  console.log(
    `| ${key} | ${d.n} | ${[d.p50, d.p90, d.p95, d.p99, d.max].map((value) => value.toFixed(1)).join(' | ')} |`,
  );
}
const estimates = estimateErrors(figures.estimates);
const e = estimates.errors;
console.log(
  `\nestimates: ${estimates.given} of ${estimates.asked} pages past 1,000 matches gave one; |estimate - exact| / exact:` +
    ` p50 ${e.p50.toFixed(3)}, p90 ${e.p90.toFixed(3)}, p95 ${e.p95.toFixed(3)}, max ${e.max.toFixed(3)}`,
);
for (const row of [...figures.estimates].sort((a, b) => missOf(b) - missOf(a)).slice(0, 5))
  console.log(`${String(row.estimate ?? 'none').padStart(9)} for ${row.exact}  ${row.words}`);
for (const key of ['pages', 'counts'] as const) {
  console.log(`\nslowest ${key}:`);
  for (const slow of worst(figures[key]))
    console.log(`${slow.ms.toFixed(0).padStart(6)} ms  ${slow.matches}  ${slow.words}`);
}
