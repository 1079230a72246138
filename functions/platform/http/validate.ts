import { validationError } from '../../../domain/errors.js';
import type { CompiledValidator } from './validator-types.js';
import { toErrorDetails } from './validation-errors.js';

/**
 * Validates (and strips unknown keys from) a value with a precompiled validator; 400 validation_error
 * with every failing field otherwise.
 */
export function validateWith<T>(validator: CompiledValidator, value: unknown): T {
  if (!validator(value)) throw validationError(toErrorDetails(validator.errors ?? []));
  return value as T;
}
