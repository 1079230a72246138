/**
 * The most one list request may read from an index when the slim projection cannot serve it (a collection
 * larger than a container holds, or whose snapshot is awaited): `LIST_SCAN_MAX_ROWS` rows evaluated and
 * `LIST_SCAN_MAX_BYTES` (~1 MB, shared with the probe of a cold load: read-budget.ts). Past either the
 * request is refused with a 400 that names the parameter asking for the unbounded read and the filters
 * that would bound it (503 while the snapshot is awaited), instead of reading (and counting) a range that
 * grows with the organisation. See docs/design/slim-projection.md, "The projection's ceiling".
 */
import { ApiError, invalidParameter, serviceUnavailable } from '../../../domain/errors.js';
import { config } from '../config.js';
import { configureReadBudget, listScanBytes } from './read-budget.js';
import { projectionUnavailable } from './slim-projection.js';

/**
 * Thrown by the index reads given a budget when the range holds more than it: more rows than `budget`
 * (`by: 'rows'`), or more bytes than the request had left (`by: 'bytes'`).
 */
export class ListTooBroad extends Error {
  constructor(
    readonly budget: number,
    readonly by: 'rows' | 'bytes' = 'rows',
  ) {
    super(
      by === 'rows'
        ? `The list's index range holds more than ${budget} rows`
        : `The list's index range holds more than the request's ${sizeOf(listScanBytes())} of reads`,
    );
    this.name = 'ListTooBroad';
  }
}

/** A byte budget as the refusals write it: ~1 MB, ~24 KB. */
const sizeOf = (bytes: number): string =>
  bytes >= 1_048_576
    ? `~${Number((bytes / 1_048_576).toFixed(1))} MB`
    : `~${Math.max(1, Math.round(bytes / 1024))} KB`;

/** A request's read bounds as every refusal names them: "1000 rows or ~1 MB". */
export const readBoundsText = (rows: number): string => `${rows} rows or ${sizeOf(listScanBytes())}`;

let override: number | undefined;

/** The budget of one request's fallback index read (rows DynamoDB evaluates, filtered or not). */
export const listScanBudget = (): number => override ?? config.listScanMaxRows;

/**
 * Test and bench hook: change this container's budgets (undefined: back to LIST_SCAN_MAX_ROWS and
 * LIST_SCAN_MAX_BYTES).
 */
export const configureListBudget = (maxRows: number | undefined, maxBytes?: number): void => {
  override = maxRows;
  configureReadBudget(maxBytes);
};

/**
 * The 400 for a list whose fallback read would pass the budget (its rows or the request's bytes, whichever
 * the read passed: the message names both): `parameter` is what asked for it (a
 * search, a value sort, a deep page; undefined for an unfiltered list that must count its collection),
 * `narrowWith` the filters that put a bound on the range read, `where` why the read is an index read (a
 * list with no projection says so rather than naming the ceiling).
 */
export function tooBroad(
  parameter: string | undefined,
  budget: number,
  narrowWith: string,
  where?: string,
): ApiError {
  const rule = `needs more than ${readBoundsText(budget)} read in one request at this organisation's size${where ? ` (${where})` : ''}; narrow the list with ${narrowWith}`;
  return parameter === undefined
    ? new ApiError('invalid_parameter', `This list ${rule}`)
    : invalidParameter(parameter, rule);
}

/**
 * The refusal of a projected list (its rows in `collection`) whose index read passed the budget because
 * the projection could not serve it. While the collection's snapshot is being built (the refresh on mark
 * writes it within seconds) the projection will answer the same request: 503 with Retry-After, not a 400
 * that tells the client to change a valid request. Above the ceiling (a lasting state) the 400 names the
 * ceiling; otherwise (the projection was not consulted) it names no reason it cannot vouch for.
 */
export function projectedListTooBroad(
  collection: string,
  parameter: string | undefined,
  budget: number,
  narrowWith: string,
): ApiError {
  const why = projectionUnavailable(collection);
  if (why === 'snapshot-awaited') {
    return serviceUnavailable(
      "This list's search index is being built for this organisation's size; retry after Retry-After",
    );
  }
  return tooBroad(
    parameter,
    budget,
    narrowWith,
    why === 'ceiling' ? "above the projection's ceiling" : undefined,
  );
}
