import { describe, expect, it } from 'vitest';
import {
  addDays,
  asAtInstant,
  daysBetween,
  expiryWindow,
  movementWindow,
} from '../../../domain/reports/report-dates.js';
import { catchApiError } from '../../support/catch-api-error.js';

const NOW = new Date('2024-06-15T10:30:00.000Z');

describe('movementWindow', () => {
  it('keeps a window whose end is after its start', () => {
    expect(movementWindow('2024-06-01T00:00:00.000Z', '2024-06-01T23:59:59.999Z')).toEqual({
      from: '2024-06-01T00:00:00.000Z',
      to: '2024-06-01T23:59:59.999Z',
    });
  });

  it('is 400 naming dateTo when the end is at or before the start', () => {
    for (const to of ['2024-06-01T00:00:00.000Z', '2024-05-31T00:00:00.000Z']) {
      const error = catchApiError(() => movementWindow('2024-06-01T00:00:00.000Z', to));
      expect(error.status).toBe(400);
      expect(error.message).toBe("Query parameter 'dateTo' must be after dateFrom");
    }
  });
});

describe('asAtInstant', () => {
  it('keeps a past instant, and reads today (the end of today) as now', () => {
    expect(asAtInstant('2024-06-14T23:59:59.999Z', NOW)).toBe('2024-06-14T23:59:59.999Z');
    expect(asAtInstant('2024-06-15T10:30:00.000Z', NOW)).toBe('2024-06-15T10:30:00.000Z');
    expect(asAtInstant('2024-06-15T23:59:59.999Z', NOW)).toBe(NOW.toISOString());
  });

  it('is 400 for a later instant today or any later day', () => {
    for (const asAt of ['2024-06-15T10:30:00.001Z', '2024-06-16T23:59:59.999Z']) {
      const error = catchApiError(() => asAtInstant(asAt, NOW));
      expect(error.status).toBe(400);
      expect(error.message).toBe("Query parameter 'asAtDate' must not be in the future");
    }
  });
});

describe('expiry window dates', () => {
  it('spans today minus daysBack to today plus daysAhead', () => {
    expect(expiryWindow(NOW, 90, 30)).toEqual({ today: '2024-06-15', from: '2024-05-16', to: '2024-09-13' });
    expect(expiryWindow(NOW, 0, 0)).toEqual({ today: '2024-06-15', from: '2024-06-15', to: '2024-06-15' });
  });

  it('stays within four-digit years and below the no-expiry marker however far it reaches', () => {
    expect(addDays('2024-06-15', 1e12)).toBe('9999-12-30');
    expect(addDays('2024-06-15', -1e12)).toBe('0001-01-01');
  });

  it('counts whole UTC days between dates or instants', () => {
    expect(daysBetween('2024-06-15', '2024-06-20')).toBe(5);
    expect(daysBetween('2024-06-15', '2024-06-10T23:00:00Z')).toBe(-5);
    expect(daysBetween('2024-06-15', '2024-06-15')).toBe(0);
  });
});
