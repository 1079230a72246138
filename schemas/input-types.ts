/**
 * The TypeScript type of every validated body, derived from the very schemas the validators compile, so
 * an operation's `body` cannot drift from what validation lets through. Type-only: nothing here runs.
 */
import type { FromSchema } from 'json-schema-to-ts';
import type { SCHEMAS, ValidatedSchema } from './index.js';

/** The schemas a body refers to by $ref (customers' nested contacts and addresses). */
type References = [typeof SCHEMAS.CustomerContactInput, typeof SCHEMAS.CustomerAddressInput];

/**
 * The validators strip every undeclared key (ajv `removeAdditional: 'all'`), so a validated body has only
 * its declared fields: the index signature FromSchema adds for open objects is dropped, at every depth.
 */
type Declared<T> = T extends readonly (infer U)[]
  ? Declared<U>[]
  : T extends object
    ? { [K in keyof T as string extends K ? never : K]: Declared<T[K]> }
    : T;

/** Defaults are not applied by the validators (no `useDefaults`), so a defaulted field stays optional. */
export type SchemaTypes = {
  [N in ValidatedSchema]: Declared<
    FromSchema<(typeof SCHEMAS)[N], { references: References; keepDefaultedPropertiesOptional: true }>
  >;
};
