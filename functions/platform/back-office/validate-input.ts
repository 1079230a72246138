import * as validators from '../../generated/validators.js';
import type { ValidatedSchema } from '../../../schemas/index.js';
import type { ValidatorLoader } from '../http/validator-types.js';
import { validateWith } from '../http/validate.js';

const loaders: Record<ValidatedSchema, ValidatorLoader> = validators;

/**
 * Back-office input checked against any request schema (the Lambdas carry only their own group's). A
 * module a Lambda bundles imports its one validator module instead (functions/generated/validators/), so
 * its bundle does not carry every schema's.
 */
export const validateAgainst = async <T>(schema: ValidatedSchema, value: unknown): Promise<T> =>
  validateWith<T>(await loaders[schema](), value);
