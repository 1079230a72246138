import { ErrorResponse } from './common.js';
import { PRODUCT_SCHEMAS, PRODUCT_VALIDATED } from './products.js';
import { WEBHOOK_SCHEMAS, WEBHOOK_VALIDATED } from './webhooks.js';

/**
 * Every named schema, one registry per area. Request bodies among them are compiled to standalone ajv
 * validators at build time (scripts/generate-validators.ts); all of them are published in the OpenAPI
 * document.
 */
export const SCHEMAS = {
  ErrorResponse,
  ...PRODUCT_SCHEMAS,
  ...WEBHOOK_SCHEMAS,
} as const;

export type SchemaName = keyof typeof SCHEMAS;

/** Schemas validated at run time: request bodies, plus inputs of the back office. */
export const VALIDATED_SCHEMAS = [
  ...PRODUCT_VALIDATED,
  ...WEBHOOK_VALIDATED,
] as const satisfies readonly SchemaName[];
export type ValidatedSchema = (typeof VALIDATED_SCHEMAS)[number];
