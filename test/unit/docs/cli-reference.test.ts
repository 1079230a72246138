import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../infra/admin/commands.js';
import { CLI_REFERENCE, renderCliReference } from '../../../scripts/generate-cli-reference.js';

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
