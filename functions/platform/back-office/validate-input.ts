import * as validators from '../../generated/validators.js';
import type { ValidatedSchema } from '../../../schemas/index.js';
import type { CompiledValidator } from '../http/validator-types.js';
import { validateWith } from '../http/validate.js';

const compiled: Record<ValidatedSchema, CompiledValidator> = validators;

/** Back-office input checked against any request schema (the Lambdas carry only their own group's). */
export const validateAgainst = <T>(schema: ValidatedSchema, value: unknown): T =>
  validateWith<T>(compiled[schema], value);
