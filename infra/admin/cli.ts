/**
 * The back office: `npm run --silent admin -- <noun> <verb> [--flags]` (--silent keeps npm's banner off stdout). Prints one JSON document on stdout; errors
 * go to stderr with a non-zero exit (2 for usage, 1 for a failed command).
 */
import '../node-support.js';
import { parseArgs } from 'node:util';
import { BackOfficeError } from '../../functions/platform/back-office/actor.js';
import { asOperator } from '../../functions/platform/back-office/operator.js';
import { config } from '../../functions/platform/config.js';
import { COMMANDS, UsageError, type Command } from './commands.js';
import { resolveOperator, type CallerArn } from './operator-identity.js';

function usage(): string {
  return [
    'usage: npm run --silent admin -- [--operator <name>] <command>',
    ...Object.values(COMMANDS).map((c) => `  ${c.usage}`),
  ].join('\n');
}

function resolve(argv: string[]): { command: Command; rest: string[] } {
  for (const words of [2, 1]) {
    const command = COMMANDS[argv.slice(0, words).join(' ')];
    if (command) return { command, rest: argv.slice(words) };
  }
  throw new UsageError(`unknown command '${argv.slice(0, 2).join(' ')}'`);
}

/**
 * `--operator <name>` (or `--operator=<name>`) may come before or after the command's words: it belongs
 * to every command, so it is taken out before the command's own flags are parsed.
 */
function takeOperator(argv: string[]): { operator: string | undefined; rest: string[] } {
  const rest: string[] = [];
  let operator: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--operator') {
      operator = argv[i + 1];
      if (operator === undefined || operator.startsWith('--'))
        throw new UsageError('--operator needs a name');
      i += 1;
    } else if (arg.startsWith('--operator=')) {
      operator = arg.slice('--operator='.length);
    } else {
      rest.push(arg);
    }
  }
  return { operator, rest };
}

export async function runAdmin(
  argv: string[],
  options: { callerArn?: CallerArn } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const named = takeOperator(argv);
    const { command, rest } = resolve(named.rest);
    const { values, positionals } = parseArgs({
      args: rest,
      options: Object.fromEntries(
        command.flags.map((f) => [
          f,
          { type: command.switches?.includes(f) ? 'boolean' : 'string' } as const,
        ]),
      ),
      strict: true,
      allowPositionals: true,
    });
    if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
    // Switches (flags without a value) reach the command as 'true'.
    const flags = Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, v === true ? 'true' : v === false ? undefined : v]),
    ) as Record<string, string | undefined>;
    const missing = command.required.filter((f) => !flags[f]);
    if (missing.length > 0) throw new UsageError(`missing --${missing.join(', --')}\n  ${command.usage}`);
    const operator = await resolveOperator({
      name: named.operator,
      againstAws: !config.dynamodbEndpoint,
      callerArn: options.callerArn,
    });
    const result = await asOperator(operator, () => command.run(flags));
    return { code: 0, stdout: `${JSON.stringify(result, null, 2)}\n`, stderr: '' };
  } catch (error) {
    const usageProblem =
      error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    if (usageProblem) return { code: 2, stdout: '', stderr: `${(error as Error).message}\n${usage()}\n` };
    return { code: 1, stdout: '', stderr: `${JSON.stringify({ error: failure(error) })}\n` };
  }
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ECONNRESET', 'ETIMEDOUT']);

/** The network code of a failed connection, wherever the SDK left it (the error itself or its cause). */
function networkCode(error: unknown): string | undefined {
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth += 1
  ) {
    if (typeof e.code === 'string' && UNREACHABLE.has(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  const match = /\b(ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ECONNRESET|ETIMEDOUT)\b/.exec(String(error));
  return match?.[1];
}

/** design.md: `{ "error": { "code", "message" } }`, saying what to do when the table cannot be reached. */
function failure(error: unknown): { code: string; message: string } {
  const unreachable = networkCode(error);
  if (unreachable) {
    const endpoint = process.env.DYNAMODB_ENDPOINT ?? 'the AWS DynamoDB endpoint';
    return {
      code: 'database_unreachable',
      message:
        `Cannot reach DynamoDB at ${endpoint} (${unreachable}). Start the local runtime with \`npm start\`, ` +
        'or set DYNAMODB_ENDPOINT to a running DynamoDB (DYNAMODB_LOCAL_PORT for a local one on another ' +
        'port; DYNAMODB_ENDPOINT=aws with TABLE_NAME for the deployed table).',
    };
  }
  const code = (error as { code?: unknown }).code;
  return {
    code: error instanceof BackOfficeError ? 'command_failed' : typeof code === 'string' ? code : 'failed',
    message: (error as Error).message,
  };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  // Default to the local runtime's DynamoDB; DYNAMODB_ENDPOINT=aws talks to the deployed table instead.
  process.env.DYNAMODB_ENDPOINT ??= `http://localhost:${process.env.DYNAMODB_LOCAL_PORT ?? '8000'}`;
  if (process.env.DYNAMODB_ENDPOINT === 'aws') delete process.env.DYNAMODB_ENDPOINT;
  const { code, stdout, stderr } = await runAdmin(process.argv.slice(2));
  process.stdout.write(stdout);
  process.stderr.write(stderr);
  process.exit(code);
}
