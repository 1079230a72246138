/**
 * The walkthroughs are tests: every ```sh block of README.md, docs/walkthroughs.md and docs/integrating.md
 * runs, top to bottom in one bash per document (variables carry from block to block, as for a reader), from
 * the root of the checkout against a server started as `npm start` starts it (on free ports). A block is skipped only when
 * the line before it is `<!-- not run: <why> -->`. curl runs with --fail-with-body, so an error answer
 * stops the walk where it happened instead of printing nulls further down.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const DOCS = ['README.md', 'docs/walkthroughs.md', 'docs/integrating.md'];

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** The ```sh blocks of a Markdown document, without those marked `<!-- not run: ... -->`. */
export function shellBlocks(markdown: string): string[] {
  const lines = markdown.split('\n');
  const blocks: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    if (lines[i] !== '```sh') continue;
    const end = lines.indexOf('```', i + 1);
    let before = i - 1;
    while (before >= 0 && lines[before]!.trim() === '') before -= 1;
    if (!lines[before]?.startsWith('<!-- not run:')) blocks.push(lines.slice(i + 1, end).join('\n'));
    i = end;
  }
  return blocks;
}

const gitStatus = () => execFileSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' });

let server: ChildProcess;
let port: number;
let dynamoPort: number;
const temp = mkdtempSync(join(tmpdir(), 'walkthroughs-'));
const env: Record<string, string | undefined> = { ...process.env, TMPDIR: temp };
// The walkthroughs talk to the server's DynamoDB Local (the back office finds it by DYNAMODB_LOCAL_PORT)
// and its table, not the test run's.
delete env.DYNAMODB_ENDPOINT;
delete env.TABLE_NAME;

beforeAll(async () => {
  port = await freePort();
  dynamoPort = await freePort();
  env.DYNAMODB_LOCAL_PORT = String(dynamoPort);
  // What npm start runs after generating the validators (the test setup has generated them).
  server = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts', '--in-memory'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port) },
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      if (output.includes('API listening')) resolve();
    });
    server.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    server.once('exit', () => reject(new Error(`the local server exited:\n${output}`)));
  });
}, 240_000);

afterAll(async () => {
  if (server?.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(temp, { recursive: true, force: true });
});

function runBash(script: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.each(DOCS)('%s', (doc) => {
  it('runs every shell block top to bottom, writing nothing into the checkout', async () => {
    const blocks = shellBlocks(readFileSync(join(ROOT, doc), 'utf8'));
    expect(blocks.length).toBeGreaterThan(0);
    const script = [
      'set -euo pipefail',
      `trap 'echo "failed at line $LINENO: $BASH_COMMAND" >&2' ERR`,
      'curl() { command curl --fail-with-body "$@"; }',
      ...blocks.map((block, i) => `echo '::block ${i + 1}::' >&2\n${block}`),
    ]
      .join('\n')
      .replaceAll('localhost:3000', `localhost:${port}`);
    const before = gitStatus();
    const result = await runBash(script);
    const failedBlock = [...result.stderr.matchAll(/::block (\d+)::/g)].pop()?.[1];
    expect(
      result.code,
      `${doc}: block ${failedBlock} failed:\n${blocks[Number(failedBlock) - 1]}\n--- stdout (end)\n${result.stdout.slice(-3000)}\n--- stderr (end)\n${result.stderr.slice(-3000)}`,
    ).toBe(0);
    const nulls = result.stdout.split('\n').filter((line) => line.trim() === 'null');
    expect(nulls, `${doc} printed null where a value was expected:\n${result.stdout}`).toEqual([]);
    expect(gitStatus()).toBe(before);
  }, 600_000);
});
