import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { validationError } from '../../../domain/errors.js';
import { toErrorDetails } from '../../../functions/platform/http/validation-errors.js';
import type { CompiledValidator } from '../../../functions/platform/http/validator-types.js';
import { ProductCreate, ProductUpdate } from '../../../schemas/products.js';

/** A fabricated ajv error, shaped as ajv reports it. */
const ajvError = (
  keyword: string,
  instancePath: string,
  params: Record<string, unknown> = {},
  message?: string,
): ErrorObject => ({
  keyword,
  instancePath,
  schemaPath: `#${instancePath}/${keyword}`,
  params,
  ...(message === undefined ? {} : { message }),
});

const typeError = (instancePath: string, type: string) =>
  ajvError('type', instancePath, { type }, `must be ${type}`);
const anyOfError = (instancePath: string) =>
  ajvError('anyOf', instancePath, {}, 'must match a schema in anyOf');

describe('toErrorDetails with fabricated ajv errors', () => {
  it('returns no details for no errors', () => {
    expect(toErrorDetails([])).toEqual([]);
  });

  it('reports a missing root property under its own name', () => {
    expect(toErrorDetails([ajvError('required', '', { missingProperty: 'sku' })])).toEqual([
      { path: 'sku', message: 'is required' },
    ]);
  });

  it('reports a missing nested property under its full path', () => {
    expect(toErrorDetails([ajvError('required', '/lines/0', { missingProperty: 'productId' })])).toEqual([
      { path: 'lines[0].productId', message: 'is required' },
    ]);
  });

  it('turns JSON pointers into dotted paths with array indexes', () => {
    const details = toErrorDetails([
      ajvError('minimum', '/lines/12/quantity', {}, 'must be > 0'),
      ajvError('minimum', '/matrix/0/1', {}, 'must be >= 0'),
      ajvError('maxLength', '/address/line1', {}, 'too long'),
    ]);
    expect(details.map((d) => d.path)).toEqual(['lines[12].quantity', 'matrix[0][1]', 'address.line1']);
  });

  it('unescapes ~1 and ~0 in pointer segments', () => {
    expect(toErrorDetails([ajvError('maxLength', '/a~1b/c~0d', {}, 'too long')])).toEqual([
      { path: 'a/b.c~d', message: 'too long' },
    ]);
  });

  it('names the body for errors at the root', () => {
    expect(toErrorDetails([typeError('', 'object')])).toEqual([{ path: 'body', message: 'must be object' }]);
  });

  it('reports a declared-false key (metadata) as not accepted', () => {
    expect(toErrorDetails([ajvError('false schema', '/metadata', {}, 'boolean schema is false')])).toEqual([
      { path: 'metadata', message: 'is not accepted' },
    ]);
  });

  it('lists the allowed values of an enum', () => {
    const error = ajvError('enum', '/productType', {
      allowedValues: ['STOCKED', 'NON_STOCKED', 'ASSEMBLED'],
    });
    expect(toErrorDetails([error])).toEqual([
      { path: 'productType', message: 'must be one of STOCKED, NON_STOCKED, ASSEMBLED' },
    ]);
  });

  it('reports the blank-text pattern as must not be blank', () => {
    expect(
      toErrorDetails([ajvError('pattern', '/name', { pattern: '\\S' }, 'must match pattern "\\S"')]),
    ).toEqual([{ path: 'name', message: 'must not be blank' }]);
  });

  it("uses ajv's own message for other keywords, or a generic one", () => {
    expect(
      toErrorDetails([
        ajvError('maximum', '/taxRate', { limit: 1 }, 'must be <= 1'),
        ajvError('format', '/modifiedAt'),
      ]),
    ).toEqual([
      { path: 'taxRate', message: 'must be <= 1' },
      { path: 'modifiedAt', message: 'is invalid' },
    ]);
  });

  it('reports a plain type error', () => {
    expect(toErrorDetails([typeError('/taxRate', 'number')])).toEqual([
      { path: 'taxRate', message: 'must be number' },
    ]);
  });

  it('folds the branches of a nullable field into one message', () => {
    const details = toErrorDetails([
      typeError('/description', 'string'),
      typeError('/description', 'null'),
      anyOfError('/description'),
    ]);
    expect(details).toEqual([{ path: 'description', message: 'must be string or null' }]);
  });

  it('names each type once', () => {
    expect(toErrorDetails([typeError('/x', 'string'), typeError('/x', 'string')])).toEqual([
      { path: 'x', message: 'must be string' },
    ]);
  });

  it('shows the non-type failure of a nullable field instead of its types', () => {
    const details = toErrorDetails([
      ajvError('maxLength', '/notes', { limit: 2000 }, 'must NOT have more than 2000 characters'),
      typeError('/notes', 'null'),
      anyOfError('/notes'),
    ]);
    expect(details).toEqual([{ path: 'notes', message: 'must NOT have more than 2000 characters' }]);
  });

  it('keeps the first specific failure when a field fails several rules', () => {
    const details = toErrorDetails([
      ajvError('minLength', '/sku', { limit: 1 }, 'must NOT have fewer than 1 characters'),
      ajvError('pattern', '/sku', { pattern: '\\S' }),
    ]);
    expect(details).toEqual([{ path: 'sku', message: 'must NOT have fewer than 1 characters' }]);
  });

  it('gives one detail per field, in the order ajv met them', () => {
    const details = toErrorDetails([
      typeError('/taxRate', 'number'),
      ajvError('required', '', { missingProperty: 'sku' }),
      typeError('/description', 'string'),
      ajvError('required', '', { missingProperty: 'name' }),
      typeError('/description', 'null'),
      anyOfError('/description'),
    ]);
    expect(details).toEqual([
      { path: 'taxRate', message: 'must be number' },
      { path: 'sku', message: 'is required' },
      { path: 'description', message: 'must be string or null' },
      { path: 'name', message: 'is required' },
    ]);
  });

  it('keeps a nested required field apart from a type error on its parent', () => {
    const details = toErrorDetails([
      ajvError('required', '/address', { missingProperty: 'city' }),
      typeError('/address', 'null'),
      anyOfError('/address'),
    ]);
    expect(details).toEqual([
      { path: 'address.city', message: 'is required' },
      { path: 'address', message: 'must be null' },
    ]);
  });
});

describe('toErrorDetails with the product schemas compiled as the build does', () => {
  const ajv = new Ajv2020({ allErrors: true, removeAdditional: 'all', strict: true });
  addFormats.default(ajv);
  const validateCreate: CompiledValidator = ajv.compile(ProductCreate);
  const validateUpdate: CompiledValidator = ajv.compile(ProductUpdate);

  const detailsFor = (validate: CompiledValidator, body: unknown) => {
    expect(validate(body)).toBe(false);
    return toErrorDetails(validate.errors ?? []);
  };

  it('reports every failing field of a bad create body', () => {
    const details = detailsFor(validateCreate, {
      sku: '',
      name: '   ',
      description: 5,
      taxRate: null,
      metadata: { a: 1 },
      productType: 'KIT',
      notes: 'x'.repeat(2001),
      reorderQuantity: 1.5,
      containsAllergens: ['MILK', 'NUTS'],
    });
    expect(details).toEqual([
      { path: 'sku', message: 'must NOT have fewer than 1 characters' },
      { path: 'name', message: 'must not be blank' },
      { path: 'description', message: 'must be string or null' },
      { path: 'productType', message: 'must be one of STOCKED, NON_STOCKED, ASSEMBLED' },
      { path: 'taxRate', message: 'must be number' },
      { path: 'reorderQuantity', message: 'must be integer or null' },
      { path: 'notes', message: 'must NOT have more than 2000 characters' },
      {
        path: 'containsAllergens[1]',
        message:
          'must be one of GLUTEN, CRUSTACEANS, EGGS, FISH, PEANUTS, SOYBEANS, MILK, TREE_NUTS, CELERY, MUSTARD, SESAME, SULPHITES, LUPIN, MOLLUSCS',
      },
      { path: 'metadata', message: 'is not accepted' },
    ]);
  });

  it('reports missing required fields and names the first in the error message', () => {
    const details = detailsFor(validateCreate, {});
    expect(details).toEqual([
      { path: 'sku', message: 'is required' },
      { path: 'name', message: 'is required' },
    ]);
    const error = validationError(details);
    expect([error.code, error.status, error.message]).toEqual(['validation_error', 400, 'sku: is required']);
  });

  it('reports a non-object body against the body', () => {
    expect(detailsFor(validateUpdate, [])).toEqual([{ path: 'body', message: 'must be object' }]);
  });

  it('rejects explicit null for a non-nullable numeric field (Null rule)', () => {
    expect(detailsFor(validateUpdate, { defaultPrice: null, isActive: 'no' })).toEqual([
      { path: 'defaultPrice', message: 'must be number' },
      { path: 'isActive', message: 'must be boolean' },
    ]);
  });

  it('reports a zero units-per factor with its exclusive minimum', () => {
    expect(detailsFor(validateUpdate, { unitsPerSaleUom: 0 })).toEqual([
      { path: 'unitsPerSaleUom', message: 'must be > 0' },
    ]);
  });
});
