/**
 * The back office: `npm run admin -- <noun> <verb> [--flags]`. Prints one JSON document on stdout; errors
 * go to stderr with a non-zero exit (2 for usage, 1 for a failed command).
 */
import '../node-support.js';
import { parseArgs } from 'node:util';
import { COMMANDS, UsageError, type Command } from './commands.js';

function usage(): string {
  return ['usage: npm run admin -- <command>', ...Object.values(COMMANDS).map((c) => `  ${c.usage}`)].join(
    '\n',
  );
}

function resolve(argv: string[]): { command: Command; rest: string[] } {
  for (const words of [2, 1]) {
    const command = COMMANDS[argv.slice(0, words).join(' ')];
    if (command) return { command, rest: argv.slice(words) };
  }
  throw new UsageError(`unknown command '${argv.slice(0, 2).join(' ')}'`);
}

export async function runAdmin(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { command, rest } = resolve(argv);
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
    const result = await command.run(flags);
    return { code: 0, stdout: `${JSON.stringify(result, null, 2)}\n`, stderr: '' };
  } catch (error) {
    const usageProblem =
      error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    if (usageProblem) return { code: 2, stdout: '', stderr: `${(error as Error).message}\n${usage()}\n` };
    return { code: 1, stdout: '', stderr: `${JSON.stringify({ error: (error as Error).message })}\n` };
  }
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
