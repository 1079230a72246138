import { ApiError } from '../../domain/errors.js';

/** Runs `fn` and returns the ApiError it throws; fails the test when it throws nothing or something else. */
export function catchApiError(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw new Error(`expected an ApiError, got ${String(error)}`, { cause: error });
  }
  throw new Error('expected an ApiError to be thrown, but nothing was thrown');
}
