import { describe, expect, it } from 'vitest';
import { AS_OF_FUTURE_MS, sweepInstant } from '../../../domain/as-of.js';
import { catchApiError } from '../../support/catch-api-error.js';

const NOW = new Date('2026-11-25T12:00:00.000Z');

describe('sweepInstant: the --as-of of roll-overdue and expire-due', () => {
  it('is now when left out, and any past instant as given', () => {
    expect(sweepInstant(undefined, NOW)).toBe('2026-11-25T12:00:00.000Z');
    expect(sweepInstant('2020-01-01T00:00:00.000Z', NOW)).toBe('2020-01-01T00:00:00.000Z');
  });

  it('takes up to 5 minutes ahead of now (clock skew) and refuses anything later', () => {
    const edge = new Date(NOW.getTime() + AS_OF_FUTURE_MS).toISOString();
    expect(sweepInstant(edge, NOW)).toBe(edge);
    const after = new Date(NOW.getTime() + AS_OF_FUTURE_MS + 1).toISOString();
    expect(catchApiError(() => sweepInstant(after, NOW))).toMatchObject({
      code: 'invalid_parameter',
      message: `--as-of (${after}) is in the future (now is 2026-11-25T12:00:00.000Z); give a past instant or leave it out for now`,
    });
  });
});
