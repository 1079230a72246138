import type { ErrorObject } from 'ajv';

/** The shape of a standalone ajv validator as generated into functions/generated/validators/<schema>.js. */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/**
 * Loads one schema's validator module on its first call (functions/generated/validators-<group>.js), so a
 * cold start evaluates none and the first request of an operation only its own.
 */
export type ValidatorLoader = () => Promise<CompiledValidator>;
