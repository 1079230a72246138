/**
 * The most index rows one list request may read when the slim projection cannot serve it (a collection
 * larger than a container holds): about 1 MB of items. Past it the request is refused with a 400 that
 * names the parameter asking for the unbounded read and the filters that would bound it, instead of
 * reading (and counting) a range that grows with the organisation. See docs/design/slim-projection.md,
 * "The projection's ceiling".
 */
import { ApiError, invalidParameter } from '../../../domain/errors.js';
import { config } from '../config.js';

/** Thrown by the index reads given a budget when the range holds more rows than it. */
export class ListTooBroad extends Error {
  constructor(readonly budget: number) {
    super(`The list's index range holds more than ${budget} rows`);
    this.name = 'ListTooBroad';
  }
}

let override: number | undefined;

/** The budget of one request's fallback index read (rows DynamoDB evaluates, filtered or not). */
export const listScanBudget = (): number => override ?? config.listScanMaxRows;

/** Test and bench hook: change this container's budget (undefined: back to LIST_SCAN_MAX_ROWS). */
export const configureListBudget = (maxRows: number | undefined): void => {
  override = maxRows;
};

/**
 * The 400 for a list whose fallback read would pass the budget: `parameter` is what asked for it (a
 * search, a value sort, a deep page; undefined for an unfiltered list that must count its collection),
 * `narrowWith` the filters that put a bound on the range read, `where` why the read is an index read (a
 * list with no projection says so rather than naming the ceiling).
 */
export function tooBroad(
  parameter: string | undefined,
  budget: number,
  narrowWith: string,
  where = "above the projection's ceiling",
): ApiError {
  const rule = `needs more than ${budget} rows read in one request at this organisation's size (${where}); narrow the list with ${narrowWith}`;
  return parameter === undefined
    ? new ApiError('invalid_parameter', `This list ${rule}`)
    : invalidParameter(parameter, rule);
}
