import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../infra/admin/commands.js';
import { CLI_REFERENCE, renderCliReference } from '../../../scripts/generate-cli-reference.js';

/** README.md and the guides directly in docs/ (the design notes and the vendored spec run no commands). */
const GUIDES = [
  'README.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

const isCommand = (words: string[]) =>
  COMMANDS[words.slice(0, 2).join(' ')] !== undefined || COMMANDS[words[0]!] !== undefined;

describe('docs/cli.md', () => {
  it('is what the command registry generates (run `npm run docs:cli` after changing a command)', () => {
    expect(readFileSync(CLI_REFERENCE, 'utf8')).toBe(renderCliReference());
  });

  it('lists every command once', () => {
    const lines = readFileSync(CLI_REFERENCE, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('npm run --silent admin -- '));
    expect(lines).toHaveLength(Object.keys(COMMANDS).length);
  });
});

describe('back-office commands named in the README and guides', () => {
  it.each(GUIDES)('%s runs only commands that exist', (doc) => {
    const text = readFileSync(doc, 'utf8');
    const run = [...text.matchAll(/npm run --silent admin -- ([a-z-]+)(?: ([a-z-]+))?/g)].map((m) =>
      [m[1]!, m[2] ?? ''].filter(Boolean),
    );
    // The "What the commands do" list of docs/operating.md: "- `noun verb`: ...".
    const described = [...text.matchAll(/^- `([a-z-]+) ([a-z-]+)`(?:, `[a-z -]+`)*:/gm)].map((m) => [
      m[1]!,
      m[2]!,
    ]);
    const unknown = [...run, ...described].filter((words) => !isCommand(words)).map((w) => w.join(' '));
    expect([...new Set(unknown)]).toEqual([]);
  });
});
