/**
 * One list request's read budget in bytes (issue 29 item 6: no list request reads more than about 1 MB,
 * whatever the organisation's size). The probe of a cold load (slim-projection.ts) and the bounded index
 * reads (query-window.ts, given a ScanBudget) charge one meter per request, so the reads that follow a
 * probe get only what it left, plus a small allowance for a page. Bytes are DynamoDB's own measure: the
 * capacity each Query is billed (ReturnConsumedCapacity), which counts the rows a filter drops and the
 * rows a Select COUNT page never returns. See docs/design/slim-projection.md, "One read budget per
 * request, session 38".
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { config } from '../config.js';

let override: number | undefined;

/** The bytes one list request may read (LIST_SCAN_MAX_BYTES, ~1 MB; see configureReadBudget). */
export const listScanBytes = (): number => override ?? config.listScanMaxBytes;

/** Test and bench hook: change this container's byte budget (undefined: back to LIST_SCAN_MAX_BYTES). */
export const configureReadBudget = (maxBytes: number | undefined): void => {
  override = maxBytes;
};

/**
 * What the bounded reads may still read once a probe has spent the budget: an eighth of it (128 KB by
 * default), a default page (50 rows) of items up to ~2.6 KB, so that a list reading just its page with a
 * maintained count still answers on the request that probed.
 */
export const pageAllowance = (maxBytes: number): number => Math.floor(maxBytes / 8);

/**
 * How many rows (or keys) one metered call may ask for: what `bytesLeft` holds at the mean row size, plus
 * one, so a read passes its bound by about a row and never stops short of a page it could afford.
 */
export const rowsWithin = (bytesLeft: number, meanRowBytes: number): number =>
  Math.floor(Math.max(0, bytesLeft) / meanRowBytes) + 1;

/** The bytes a request's metered reads spent, and what its bounded reads may still read. */
export class ReadMeter {
  /** Bytes billed to the probe and the bounded reads together. */
  private spent = 0;
  /** Of which the bounded reads', and the rows they evaluated. */
  private readSpent = 0;
  private readRows = 0;
  /** Bytes the bounded reads in flight may read (their Limit at their mean row size). */
  private reserved = 0;

  constructor(readonly maxBytes: number) {}

  /** The probe's bytes: the bounded reads get what remains of the budget, or at least the allowance. */
  probed(bytes: number): void {
    this.spent += bytes;
  }

  /** A bounded read's bytes and the rows it evaluated for them. */
  read(bytes: number, rows: number): void {
    this.spent += bytes;
    this.readSpent += bytes;
    this.readRows += rows;
  }

  /** The mean size of the rows the request's bounded reads evaluated so far (undefined before any). */
  meanRowBytes(): number | undefined {
    return this.readRows > 0 && this.readSpent > 0 ? this.readSpent / this.readRows : undefined;
  }

  /** What the bounded reads may still read, less what calls in flight may (`inFlight: false` leaves them). */
  left(inFlight = true): number {
    const left = Math.max(this.maxBytes - this.spent, pageAllowance(this.maxBytes) - this.readSpent);
    return inFlight ? left - this.reserved : left;
  }

  /**
   * What the request's reads by key (a list's stock items or lots named by a projection) may still read:
   * the budget less the bounded and by-key reads' bytes, not the probe's. A probe that precedes them
   * loaded its collection whole (it fit ~1 MB) and named these keys from it; the allowance left after it
   * would refuse, on a cold container only, a request every warm one answers.
   */
  keysLeft(): number {
    return this.maxBytes - this.readSpent - this.reserved;
  }

  /** Holds `bytes` for a call in flight (parallel reads of one request size their calls on what is left). */
  reserve(bytes: number): () => void {
    this.reserved += bytes;
    return () => {
      this.reserved -= bytes;
    };
  }

  /** Every byte billed to the meter (the probe's and the reads'). */
  get total(): number {
    return this.spent;
  }
}

const current = new AsyncLocalStorage<ReadMeter>();

/** Runs one request with its own meter (the API pipeline runs every operation inside one). */
export const withReadBudget = <T>(run: () => Promise<T>): Promise<T> =>
  current.run(new ReadMeter(listScanBytes()), run);

/** The meter of the request this code runs for, undefined outside one (a job, a direct store call). */
export const requestMeter = (): ReadMeter | undefined => current.getStore();
