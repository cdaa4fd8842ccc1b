// No Docker engine runs on our machines, so the container recipe is proven another way: the
// Dockerfile's build steps run on a clean copy of the repository (the files git knows, as
// `COPY . .` with .dockerignore sees them), then its CMD starts the server with its ENV, as the
// image would, and its HEALTHCHECK must pass against /readyz. compose.yaml is checked against the
// server's configuration rules.
import { execFile, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { loadConfig } from '../apps/server/src/config.ts';
import { freePort, REPO_ROOT, serverEnv } from '../apps/server/src/testing/server-process.ts';

const run = promisify(execFile);

type Stage = { from: string; instructions: { keyword: string; argument: string }[] };

/** The Dockerfile's stages, each a list of instructions (one line each; comments dropped). */
function stagesOf(dockerfile: string): Stage[] {
  const stages: Stage[] = [];
  for (const line of dockerfile.split('\n').map((text) => text.trim())) {
    if (line === '' || line.startsWith('#')) continue;
    const [keyword = '', ...rest] = line.split(/\s+/);
    const argument = rest.join(' ');
    if (keyword === 'FROM') stages.push({ from: argument, instructions: [] });
    else stages.at(-1)?.instructions.push({ keyword, argument });
  }
  return stages;
}

const argumentsOf = (stage: Stage, keyword: string) =>
  stage.instructions
    .filter((instruction) => instruction.keyword === keyword)
    .map((instruction) => instruction.argument);

/** `ENV A=1 B=2` lines as one record. */
const envOf = (stage: Stage) =>
  Object.fromEntries(argumentsOf(stage, 'ENV').flatMap((line) => line.split(/\s+/).map((pair) => pair.split('=', 2))));

let copy: string;
let dataDir: string;
beforeAll(() => {
  copy = mkdtempSync(path.join(os.tmpdir(), 'quayside-image-'));
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'quayside-image-data-'));
});
afterAll(() => {
  rmSync(copy, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

test('the Dockerfile builds and starts the server on a clean copy of the repository; its health check passes', async () => {
  const [build, runtime, ...more] = stagesOf(readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8'));
  if (!build || !runtime) throw new Error('the Dockerfile should have a build stage and a runtime stage');
  expect(more).toEqual([]);
  expect(argumentsOf(runtime, 'USER')).toEqual(['node']); // not root
  expect(argumentsOf(runtime, 'VOLUME')).toEqual(['/data']);
  const env = envOf(runtime);
  expect(env.DATA_DIR).toBe('/data');

  // The repository as `COPY . .` sees it: what git tracks or would track, nothing it ignores.
  const { stdout } = await run('git', ['ls-files', '-co', '--exclude-standard', '-z'], {
    cwd: REPO_ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  for (const file of stdout.split('\0').filter(Boolean)) {
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    copyFileSync(path.join(REPO_ROOT, file), path.join(copy, file));
  }

  for (const command of argumentsOf(build, 'RUN')) {
    try {
      await run('sh', ['-c', command], { cwd: copy, env: serverEnv({}), maxBuffer: 64 * 1024 * 1024 });
    } catch (error) {
      const { stdout: out = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      throw new Error(`RUN ${command} failed:\n${out}${stderr}`);
    }
  }

  const [command, ...args] = JSON.parse(argumentsOf(runtime, 'CMD')[0] ?? '[]') as string[];
  expect(command).toBe('node');
  const port = await freePort();
  const containerEnv = serverEnv({ ...env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' });
  const server = spawn(process.execPath, args, { cwd: copy, env: containerEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  server.stdout.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  try {
    const deadline = Date.now() + 60_000;
    let ready = false;
    while (!ready && Date.now() < deadline && server.exitCode === null) {
      ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(ready, output).toBe(true);
    // The link is printed just after the server starts listening, and the pipe may bring it after
    // the first ready answer: wait a little for it.
    const printed = Date.now() + 10_000;
    while (!output.includes('No administrator yet.') && Date.now() < printed && server.exitCode === null) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(output).toContain('No administrator yet. Open this one-time link');

    const healthCheck = argumentsOf(runtime, 'HEALTHCHECK')[0] ?? '';
    const [checker, ...checkArgs] = JSON.parse(healthCheck.slice(healthCheck.indexOf('CMD ') + 4)) as string[];
    expect(checker).toBe('node');
    await run(process.execPath, checkArgs, { cwd: copy, env: containerEnv }); // throws unless it exits 0

    // What the README says to run in the container: a CLI command beside the running server.
    const seeded = await run('npm', ['run', '--silent', 'cli', '--', 'seed-demo'], { cwd: copy, env: containerEnv });
    expect(seeded.stdout).toContain('Demo data loaded.');
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
}, 600_000);

type ComposeService = {
  build?: string;
  image?: string;
  environment?: Record<string, string>;
  volumes?: string[];
  profiles?: string[];
  depends_on?: Record<string, unknown> | string[];
};
type Compose = { services: Record<string, ComposeService>; configs?: Record<string, { content?: string }> };

const compose = () => parseYaml(readFileSync(path.join(REPO_ROOT, 'compose.yaml'), 'utf8')) as Compose;

/** The service's settings as compose fills in ${NAME:-default} and ${NAME:?message}, with AUTH_SECRET given. */
const settingsOf = (service: ComposeService | undefined) =>
  Object.fromEntries(
    Object.entries(service?.environment ?? {}).map(([name, value]) => [
      name,
      value.replace(/\$\{(\w+)(?::-([^}]*)|:\?[^}]*)?\}/g, (_match, variable: string, fallback?: string) =>
        variable === 'AUTH_SECRET' ? 'a secret of at least thirty-two characters' : (fallback ?? ''),
      ),
    ]),
  );

test('compose.yaml runs Quayside on PostgreSQL with its data in a volume, with settings the server accepts', () => {
  const { quayside, postgres } = compose().services;
  expect(quayside?.build).toBe('.');
  expect(quayside?.profiles).toBeUndefined();
  expect(postgres?.image).toMatch(/^postgres:1[5-9]/);
  expect(quayside?.volumes).toEqual(expect.arrayContaining([expect.stringMatching(/:\/data$/)]));
  const config = loadConfig(settingsOf(quayside));
  expect(config.databaseUrl).toBe('postgres://quayside:quayside@postgres:5432/quayside');
  expect(config.publicUrl).toBe('http://localhost:3000');
  expect(config.objectStore).toBeUndefined();
});

test("compose.yaml's scale profile: replicas sharing the database, the bucket and the secret, behind a proxy", () => {
  const { services, configs } = compose();
  const replicas = Object.entries(services).filter(([, service]) => service.build === '.' && service.profiles);
  expect(replicas.map(([name]) => name)).toEqual(['quayside-a', 'quayside-b']);
  for (const [, replica] of replicas) {
    expect(replica.profiles).toEqual(['scale']);
    // Nothing in DATA_DIR lasts: no volume.
    expect(replica.volumes).toBeUndefined();
    const config = loadConfig(settingsOf(replica));
    expect(config.databaseUrl).toBe('postgres://quayside:quayside@postgres:5432/quayside');
    expect(config.trustProxy).toBe(true);
    expect(config.authSecret).toBe('a secret of at least thirty-two characters');
    expect(config.objectStore).toMatchObject({
      bucket: 'quayside',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
    });
    expect(config.objectStore?.credentials).toEqual({
      accessKeyId: settingsOf(services.minio).MINIO_ROOT_USER,
      secretAccessKey: settingsOf(services.minio).MINIO_ROOT_PASSWORD,
    });
  }
  // The bucket the replicas use is the one made for them, and the proxy sends to every replica.
  expect(services.bucket?.profiles).toEqual(['scale']);
  expect(JSON.stringify(services.bucket)).toContain('mc mb --ignore-existing store/quayside');
  expect(services.proxy?.depends_on).toEqual(['quayside-a', 'quayside-b']);
  expect(configs?.caddyfile?.content).toMatch(/reverse_proxy quayside-a:3000 quayside-b:3000 /);
});
