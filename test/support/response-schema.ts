import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { matchRoute } from '../../infra/local/http-adapter.js';
import { SCHEMAS } from '../../schemas/index.js';

/**
 * Every 2xx body a test receives through call() must match the response schema its endpoint declares, so
 * the API tests double as conformance tests of the published document. Unlike the request validators this
 * compiler removes nothing: an undeclared property in a closed schema is a documentation bug to fix.
 */
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats.default(ajv);
for (const schema of Object.values(SCHEMAS)) ajv.addSchema(schema);

const describeError = (error: ErrorObject): string => {
  const where = error.instancePath || '(root)';
  const extra =
    error.keyword === 'additionalProperties'
      ? ` '${String((error.params as { additionalProperty?: unknown }).additionalProperty)}'`
      : error.keyword === 'enum'
        ? ` ${JSON.stringify((error.params as { allowedValues?: unknown }).allowedValues)}`
        : '';
  return `${where} ${error.message ?? error.keyword}${extra}`;
};

/** What is wrong with `value` as an instance of the named schema; empty when it matches. */
export function schemaErrors(schemaName: string, value: unknown): string[] {
  const validate = ajv.getSchema(schemaName);
  if (!validate) throw new Error(`No compiled schema ${schemaName}`);
  return validate(value) ? [] : (validate.errors ?? []).map(describeError);
}

/**
 * Throws when a 2xx body does not match the declared response schema. Requests no route matches (they are
 * 404s) and endpoints without a named response schema (the OpenAPI document itself) are not checked.
 */
export function assertResponseConforms(method: string, path: string, status: number, body: unknown): void {
  if (status < 200 || status >= 300) return;
  const route = matchRoute(method, path);
  const schemaName = route?.endpoint.response;
  if (!schemaName) return;
  const validate = ajv.getSchema(schemaName);
  if (!validate) throw new Error(`No compiled schema ${schemaName} for ${method} ${path}`);
  if (validate(body)) return;
  const errors = (validate.errors ?? []).map((e) => `  - ${describeError(e)}`).join('\n');
  throw new Error(
    `${method} ${path} answered ${status} with a body that does not match its declared response schema ` +
      `${schemaName}:\n${errors}`,
  );
}
