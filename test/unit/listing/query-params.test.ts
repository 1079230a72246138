import { describe, expect, it } from 'vitest';
import { parseInstant, parseQuery, type QueryParam } from '../../../domain/listing/query-params.js';
import { catchApiError } from '../../support/catch-api-error.js';

const PARAMS: readonly QueryParam[] = [
  { name: 'page', type: 'integer', minimum: 1, default: 1, description: 'page' },
  { name: 'offsetDays', type: 'integer', description: 'no minimum' },
  { name: 'quantity', type: 'number', exclusiveMinimum: 0, default: 1, description: 'quantity' },
  { name: 'ratio', type: 'number', description: 'no minimum' },
  { name: 'search', type: 'string', maxLength: 5, description: 'search' },
  { name: 'includeInactive', type: 'boolean', description: 'true or false' },
  { name: 'flag', type: 'boolean', acceptsOne: true, description: 'also 1 or 0' },
  { name: 'modifiedSince', type: 'date-time', description: 'instant' },
  {
    name: 'sortDir',
    type: 'enum',
    values: ['asc', 'desc'],
    caseInsensitive: true,
    default: 'asc',
    description: 'direction',
  },
  { name: 'productType', type: 'enum', values: ['STOCKED', 'NON_STOCKED'], description: 'case-sensitive' },
  { name: 'customerId', type: 'id', description: 'id' },
];

const parse = (raw: Record<string, string | undefined>) => parseQuery(PARAMS, raw);

/** The 400 invalid_parameter error parsing `raw` throws. */
const rejected = (raw: Record<string, string>) => {
  const error = catchApiError(() => parse(raw));
  expect(error.code).toBe('invalid_parameter');
  expect(error.status).toBe(400);
  return error;
};

const DEFAULTS = { page: 1, quantity: 1, sortDir: 'asc' };

describe('parseQuery defaults', () => {
  it('applies the declared defaults and nothing else when no query is sent', () => {
    expect(parseQuery(PARAMS, null)).toEqual(DEFAULTS);
    expect(parseQuery(PARAMS, undefined)).toEqual(DEFAULTS);
    expect(Object.keys(parse({})).sort()).toEqual(['page', 'quantity', 'sortDir']);
  });

  it('treats an empty value or an undefined value as absent', () => {
    expect(parse({ page: '', sortDir: '', search: '', flag: undefined })).toEqual(DEFAULTS);
  });

  it('ignores undeclared parameters', () => {
    expect(parse({ unknown: 'x', pageNumber: 'abc' })).toEqual(DEFAULTS);
  });

  it('returns no entry for an id-less parameter without default', () => {
    const parsed = parse({});
    expect('customerId' in parsed).toBe(false);
    expect('includeInactive' in parsed).toBe(false);
  });

  it('parses several parameters at once', () => {
    expect(
      parse({ page: '3', quantity: '2.5', sortDir: 'DESC', includeInactive: 'true', customerId: 'c_1' }),
    ).toEqual({ page: 3, quantity: 2.5, sortDir: 'desc', includeInactive: true, customerId: 'c_1' });
  });
});

describe('integer parameters', () => {
  it('parses decimal integers', () => {
    expect(parse({ page: '42' }).page).toBe(42);
    expect(parse({ page: '007' }).page).toBe(7);
    expect(parse({ offsetDays: '-3' }).offsetDays).toBe(-3);
    expect(parse({ offsetDays: '0' }).offsetDays).toBe(0);
  });

  for (const bad of ['abc', '1.5', '1.0', '1e3', '0x10', '+1', ' 1', '1 ', '--1', 'NaN', 'Infinity']) {
    it(`rejects ${JSON.stringify(bad)} as not an integer`, () => {
      expect(rejected({ page: bad }).message).toBe("Query parameter 'page' must be an integer");
    });
  }

  it('rejects values below the minimum', () => {
    expect(rejected({ page: '0' }).message).toBe("Query parameter 'page' must be at least 1");
    expect(rejected({ page: '-1' }).message).toBe("Query parameter 'page' must be at least 1");
  });

  it('accepts the minimum itself', () => {
    expect(parse({ page: '1' }).page).toBe(1);
  });
});

describe('number parameters', () => {
  it('parses decimal and exponent forms', () => {
    expect(parse({ quantity: '2.5' }).quantity).toBe(2.5);
    expect(parse({ quantity: '10' }).quantity).toBe(10);
    expect(parse({ quantity: '1e2' }).quantity).toBe(100);
    expect(parse({ quantity: '.5' }).quantity).toBe(0.5);
    expect(parse({ ratio: '-0.25' }).ratio).toBe(-0.25);
  });

  for (const bad of ['abc', ' ', 'Infinity', '-Infinity', 'NaN', '1,5', '2.5kg']) {
    it(`rejects ${JSON.stringify(bad)} as not a number`, () => {
      expect(rejected({ quantity: bad }).message).toBe("Query parameter 'quantity' must be a number");
    });
  }

  it('rejects values at or below the exclusive minimum', () => {
    expect(rejected({ quantity: '0' }).message).toBe("Query parameter 'quantity' must be greater than 0");
    expect(rejected({ quantity: '-2' }).message).toBe("Query parameter 'quantity' must be greater than 0");
  });

  it('accepts values just above the exclusive minimum', () => {
    expect(parse({ quantity: '0.0001' }).quantity).toBe(0.0001);
  });
});

describe('string parameters', () => {
  it('returns the raw string up to maxLength', () => {
    expect(parse({ search: 'Box A' }).search).toBe('Box A');
  });

  it('rejects a string longer than maxLength', () => {
    expect(rejected({ search: 'Box AB' }).message).toBe(
      "Query parameter 'search' must be at most 5 characters",
    );
  });
});

describe('boolean parameters', () => {
  it('accepts true and false in any case', () => {
    expect(parse({ includeInactive: 'true' }).includeInactive).toBe(true);
    expect(parse({ includeInactive: 'TRUE' }).includeInactive).toBe(true);
    expect(parse({ includeInactive: 'false' }).includeInactive).toBe(false);
    expect(parse({ includeInactive: 'False' }).includeInactive).toBe(false);
  });

  for (const bad of ['1', '0', 'yes', 'no', 't', 'on']) {
    it(`rejects ${JSON.stringify(bad)} when 1 and 0 are not accepted`, () => {
      expect(rejected({ includeInactive: bad }).message).toBe(
        "Query parameter 'includeInactive' must be true or false",
      );
    });
  }

  it('accepts 1 and 0 when declared', () => {
    expect(parse({ flag: '1' }).flag).toBe(true);
    expect(parse({ flag: '0' }).flag).toBe(false);
    expect(parse({ flag: 'true' }).flag).toBe(true);
  });

  it('names 1 and 0 in the message when declared', () => {
    expect(rejected({ flag: 'yes' }).message).toBe("Query parameter 'flag' must be true, false, 1 or 0");
    expect(rejected({ flag: '2' }).message).toBe("Query parameter 'flag' must be true, false, 1 or 0");
  });
});

describe('date-time parameters', () => {
  it('parses UTC, offset and fractional instants', () => {
    expect((parse({ modifiedSince: '2024-05-01T10:20:30Z' }).modifiedSince as Date).toISOString()).toBe(
      '2024-05-01T10:20:30.000Z',
    );
    expect((parse({ modifiedSince: '2024-05-01T10:20:30+02:00' }).modifiedSince as Date).toISOString()).toBe(
      '2024-05-01T08:20:30.000Z',
    );
    expect((parse({ modifiedSince: '2024-05-01T10:20:30.123Z' }).modifiedSince as Date).toISOString()).toBe(
      '2024-05-01T10:20:30.123Z',
    );
  });

  it('returns a Date instance', () => {
    expect(parse({ modifiedSince: '2024-05-01T10:20:30Z' }).modifiedSince).toBeInstanceOf(Date);
  });

  it('reads a date-only value as UTC midnight', () => {
    expect((parse({ modifiedSince: '2024-05-01' }).modifiedSince as Date).toISOString()).toBe(
      '2024-05-01T00:00:00.000Z',
    );
  });

  for (const bad of [
    'yesterday',
    '1714557600',
    '2024-05-01 10:20:30Z',
    '2024/05/01',
    '01-05-2024',
    '2024-13-01T00:00:00Z',
    '2024-05-01T25:00:00Z',
    '2024-05-01T10:20:60Z',
    '2024-05-01T10:20:30ZZ',
  ]) {
    it(`rejects ${JSON.stringify(bad)}`, () => {
      expect(rejected({ modifiedSince: bad }).message).toBe(
        "Query parameter 'modifiedSince' must be an ISO 8601 timestamp",
      );
    });
  }

  // new Date rolls impossible calendar days over (2024-02-30 -> 2024-03-01); they must be a 400.
  for (const impossible of ['2024-02-30T00:00:00Z', '2023-02-29', '2024-04-31T12:00:00Z']) {
    it(`rejects the impossible calendar date ${impossible}`, () => {
      rejected({ modifiedSince: impossible });
    });
  }
});

describe('parseInstant', () => {
  it('returns null for anything that is not an ISO 8601 instant', () => {
    expect(parseInstant('')).toBeNull();
    expect(parseInstant('not a date')).toBeNull();
    expect(parseInstant('2024-13-01')).toBeNull();
  });

  it('accepts a leap day in a leap year', () => {
    expect(parseInstant('2024-02-29T00:00:00Z')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });

  it('accepts an offset without a colon', () => {
    expect(parseInstant('2024-05-01T10:20:30+0530')?.toISOString()).toBe('2024-05-01T04:50:30.000Z');
  });
});

describe('enum parameters', () => {
  it('matches case-insensitively when declared, returning the declared spelling', () => {
    expect(parse({ sortDir: 'desc' }).sortDir).toBe('desc');
    expect(parse({ sortDir: 'DESC' }).sortDir).toBe('desc');
    expect(parse({ sortDir: 'Asc' }).sortDir).toBe('asc');
  });

  it('matches exactly otherwise', () => {
    expect(parse({ productType: 'NON_STOCKED' }).productType).toBe('NON_STOCKED');
    expect(rejected({ productType: 'stocked' }).message).toBe(
      "Query parameter 'productType' must be one of STOCKED, NON_STOCKED",
    );
  });

  it('rejects unknown values, listing the allowed ones', () => {
    expect(rejected({ sortDir: 'up' }).message).toBe("Query parameter 'sortDir' must be one of asc, desc");
    expect(rejected({ productType: 'ASSEMBLY' }).message).toBe(
      "Query parameter 'productType' must be one of STOCKED, NON_STOCKED",
    );
  });

  it('does not accept a value that only contains an allowed one', () => {
    expect(rejected({ sortDir: 'ascending' }).code).toBe('invalid_parameter');
    expect(rejected({ sortDir: ' asc' }).code).toBe('invalid_parameter');
  });
});

describe('id parameters', () => {
  it('returns the raw value untouched, even when malformed', () => {
    expect(parse({ customerId: 'ckx1y2z3' }).customerId).toBe('ckx1y2z3');
    expect(parse({ customerId: 'not a cuid!' }).customerId).toBe('not a cuid!');
  });
});

describe('error order', () => {
  it('reports the first bad parameter in declaration order', () => {
    expect(rejected({ sortDir: 'sideways', page: 'x' }).message).toBe(
      "Query parameter 'page' must be an integer",
    );
  });
});

describe('strict spellings', () => {
  it('reads a date-time without a zone as UTC', () => {
    expect(parseInstant('2024-05-01T10:00')?.toISOString()).toBe('2024-05-01T10:00:00.000Z');
    expect(parseInstant('2024-05-01T10:00:00+02:00')?.toISOString()).toBe('2024-05-01T08:00:00.000Z');
    expect(parseInstant('2024-05-01')?.toISOString()).toBe('2024-05-01T00:00:00.000Z');
  });

  it('rejects hex, binary and padded numbers', () => {
    const params = [{ name: 'quantity', type: 'number', description: 'q' }] as const;
    for (const bad of ['0x10', '0b11', ' 5 ', '1_000', 'Infinity']) {
      expect(() => parseQuery(params, { quantity: bad }), bad).toThrow(/quantity/);
    }
    expect(parseQuery(params, { quantity: '2.5e1' })).toEqual({ quantity: 25 });
  });
});

describe('enum-list parameters', () => {
  const LISTS: readonly QueryParam[] = [
    { name: 'status', type: 'enum-list', values: ['DRAFT', 'COMPLETED'], maxLength: 20, description: 's' },
    { name: 'sort', type: 'enum-list', values: ['name', 'sku'], caseInsensitive: true, description: 'k' },
  ];
  const parseLists = (raw: Record<string, string>) => parseQuery(LISTS, raw);

  it('parses a comma list, trimming spaces and dropping empty entries', () => {
    expect(parseLists({ status: 'DRAFT, COMPLETED,' }).status).toEqual(['DRAFT', 'COMPLETED']);
    expect(parseLists({ status: 'DRAFT' }).status).toEqual(['DRAFT']);
    expect(parseLists({}).status).toBeUndefined();
  });

  it('matches exactly unless declared case-insensitive, returning the declared spelling', () => {
    expect(catchApiError(() => parseLists({ status: 'DRAFT,draft' })).message).toBe(
      "Query parameter 'status' has an unknown value 'draft' (one of DRAFT, COMPLETED)",
    );
    expect(parseLists({ sort: 'NAME,Sku' }).sort).toEqual(['name', 'sku']);
  });

  it('checks the raw length before the values', () => {
    expect(catchApiError(() => parseLists({ status: 'X'.repeat(21) })).message).toBe(
      "Query parameter 'status' must be at most 20 characters",
    );
  });
});

describe('date-bound parameters', () => {
  const BOUNDS: readonly QueryParam[] = [
    { name: 'dateFrom', type: 'date-bound', bound: 'from', maxLength: 40, description: 'f' },
    { name: 'dateTo', type: 'date-bound', bound: 'to', maxLength: 40, description: 't' },
  ];
  const parseBounds = (raw: Record<string, string>) => parseQuery(BOUNDS, raw);

  it('extends a date-only upper bound to the end of its UTC day', () => {
    expect(parseBounds({ dateFrom: '2026-11-22', dateTo: '2026-11-22' })).toEqual({
      dateFrom: '2026-11-22T00:00:00.000Z',
      dateTo: '2026-11-22T23:59:59.999Z',
    });
  });

  it('takes instants as they are, in UTC', () => {
    expect(parseBounds({ dateTo: '2026-11-22T10:00:00+02:00' }).dateTo).toBe('2026-11-22T08:00:00.000Z');
  });

  it('rejects anything that is not an ISO 8601 date or timestamp', () => {
    for (const bad of ['yesterday', '2026-13-45', '22/11/2026']) {
      const error = catchApiError(() => parseBounds({ dateTo: bad }));
      expect(error.message).toBe("Query parameter 'dateTo' must be an ISO 8601 date or timestamp");
    }
    expect(catchApiError(() => parseBounds({ dateFrom: '2'.repeat(41) })).message).toBe(
      "Query parameter 'dateFrom' must be at most 40 characters",
    );
  });
});

describe('required parameters', () => {
  const params: readonly QueryParam[] = [
    { name: 'dateFrom', type: 'date-bound', bound: 'from', required: true, description: 'from' },
  ];

  it('is 400 invalid_parameter naming the parameter when missing or empty', () => {
    for (const raw of [{}, { dateFrom: '' }]) {
      const error = catchApiError(() => parseQuery(params, raw));
      expect(error.status).toBe(400);
      expect(error.message).toBe("Query parameter 'dateFrom' is required");
    }
  });

  it('parses a present one as usual', () => {
    expect(parseQuery(params, { dateFrom: '2024-03-01' })).toEqual({ dateFrom: '2024-03-01T00:00:00.000Z' });
  });
});
