import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const WARNING = 'NodeVersionSupportWarning';

/** A tiny process that creates a DynamoDB client, as every entry point does, and emits one other warning. */
function run(entry: string | null) {
  const script = [
    entry ? `await import(${JSON.stringify(entry)});` : '',
    "const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');",
    "new DynamoDBClient({ region: 'local' });",
    "process.emitWarning('an unrelated warning');",
  ].join('\n');
  const env = { ...process.env };
  // The test worker has the opt-out set already; the child must decide for itself.
  delete env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env,
    encoding: 'utf8',
  });
}

describe('Node version support warning', () => {
  it('is absent from a process started through an entry point, other warnings still shown', () => {
    const result = run('./infra/node-support.ts');
    expect(result.status).toBe(0);
    expect(result.stderr).not.toContain(WARNING);
    expect(result.stderr).toContain('an unrelated warning');
  });

  it.runIf(Number(process.versions.node.split('.')[0]) < 22)(
    'is what the SDK prints on this Node without the entry point (so the test above means something)',
    () => {
      expect(run(null).stderr).toContain(WARNING);
    },
  );
});
