import { validationError } from '../../domain/errors.js';
import * as validators from '../generated/validators.js';
import type { ValidatedSchema } from '../../schemas/index.js';
import type { CompiledValidator } from './validator-types.js';
import { toErrorDetails } from './validation-errors.js';

const compiled: Record<ValidatedSchema, CompiledValidator> = validators;

/**
 * Validates (and strips unknown keys from) a value against a precompiled schema; 400 validation_error
 * with every failing field otherwise.
 */
export function validateAgainst<T>(schema: ValidatedSchema, value: unknown): T {
  const validator = compiled[schema];
  if (!validator(value)) throw validationError(toErrorDetails(validator.errors ?? []));
  return value as T;
}
