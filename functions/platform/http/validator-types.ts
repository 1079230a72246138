import type { ErrorObject } from 'ajv';

/** The shape of a standalone ajv validator as generated into functions/generated/validators.js. */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}
