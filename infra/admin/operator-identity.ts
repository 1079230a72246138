/**
 * Who is running the CLI, for the audit entries its commands write (issue 28). Against AWS the caller's
 * principal, from STS GetCallerIdentity with the same credentials the command uses: nothing the operator
 * types can change it; `--operator <name>` is kept beside it (a shared role's session may not name the
 * person). Against a local table there is no principal: the `--operator` name, or else the OS account
 * running the command, so a local run (tests, the smoke run, a developer's seed) needs no new flag
 * (docs/decisions.md).
 */
import { userInfo } from 'node:os';
import type { Operator } from '../../functions/platform/back-office/operator.js';

/** Asks AWS who the credentials belong to; a parameter so the choice below is testable without AWS. */
export type CallerArn = () => Promise<string>;

export const stsCallerArn: CallerArn = async () => {
  // Loaded only against AWS: local runs never build an STS client.
  const { STSClient, GetCallerIdentityCommand } = await import('@aws-sdk/client-sts');
  const { Arn } = await new STSClient({}).send(new GetCallerIdentityCommand({}));
  if (!Arn) throw new Error('STS GetCallerIdentity returned no ARN');
  return Arn;
};

export async function resolveOperator(options: {
  /** `--operator`, if given. */
  name: string | undefined;
  /** True when the command talks to DynamoDB in AWS (no DYNAMODB_ENDPOINT). */
  againstAws: boolean;
  callerArn?: CallerArn;
}): Promise<Operator> {
  const name = options.name?.trim() || undefined;
  if (options.againstAws) {
    const id = await (options.callerArn ?? stsCallerArn)();
    return { id, source: 'aws-principal', ...(name ? { name } : {}) };
  }
  if (name) return { id: name, source: 'flag' };
  return { id: `os:${userInfo().username}`, source: 'os-user' };
}
