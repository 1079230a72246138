import { ErrorResponse } from './common.js';
import { INVENTORY_SCHEMAS, INVENTORY_VALIDATED } from './inventory.js';
import { PRODUCT_SCHEMAS, PRODUCT_VALIDATED } from './products.js';

/**
 * Every named schema, one registry per area. Request bodies among them are compiled to standalone ajv
 * validators at build time (scripts/generate-validators.ts); all of them are published in the OpenAPI
 * document.
 */
export const SCHEMAS = {
  ErrorResponse,
  ...PRODUCT_SCHEMAS,
  ...INVENTORY_SCHEMAS,
} as const;

export type SchemaName = keyof typeof SCHEMAS;

/** Schemas validated at run time: request bodies, plus inputs of the back office. */
export const VALIDATED_SCHEMAS = [
  ...PRODUCT_VALIDATED,
  ...INVENTORY_VALIDATED,
] as const satisfies readonly SchemaName[];
export type ValidatedSchema = (typeof VALIDATED_SCHEMAS)[number];
