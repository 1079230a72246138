/**
 * Who runs a back-office command (issue 28: an accountable operator). The CLI resolves the operator once
 * per run and runs the command inside `asOperator`; every back-office journal opened meanwhile names the
 * operator in its audit entries. Outside a CLI run (the scheduled jobs Lambda) there is no operator and
 * the entries stay attributed to the back office alone.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface Operator {
  /** The AWS principal's ARN, the `--operator` name, or the OS user (`os:<name>`). */
  id: string;
  /** Where `id` came from: STS GetCallerIdentity, the `--operator` flag, or the local OS account. */
  source: 'aws-principal' | 'flag' | 'os-user';
  /** `--operator` given alongside an AWS principal: the name the operator gave, beside the proven one. */
  name?: string;
}

const current = new AsyncLocalStorage<Operator>();

export const asOperator = <T>(operator: Operator, run: () => Promise<T>): Promise<T> =>
  current.run(operator, run);

export const currentOperator = (): Operator | undefined => current.getStore();
