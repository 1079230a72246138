import { describe, expect, it } from 'vitest';
import {
  countMoves,
  countsCoverLog,
  countsStamp,
  hourOf,
  logCutoff,
  logTotal,
  retentionTtl,
  seekHour,
  unpointedRange,
} from '../../../domain/webhooks/delivery-log.js';

const DAY_S = 24 * 3600;

describe('the delivery log served (issue 29 item 6, session 37)', () => {
  it('starts at the first whole hour in which nothing can have expired', () => {
    expect(logCutoff(new Date('2026-11-26T18:20:00.000Z'))).toBe('2026-10-27T19:00:00.000Z');
    // On the hour, the hour 30 days back has just begun expiring: it is left out.
    expect(logCutoff(new Date('2026-11-26T18:00:00.000Z'))).toBe('2026-10-27T19:00:00.000Z');
    expect(logCutoff(new Date('2026-11-26T17:59:59.999Z'))).toBe('2026-10-27T18:00:00.000Z');
  });

  it('every delivery at or after the cutoff is still stored: its TTL is 30 days after the later of its times', () => {
    expect(retentionTtl('2026-11-01T10:00:05.000Z', '2026-11-01T10:00:00.000Z')).toBe(
      Date.parse('2026-11-01T10:00:05.000Z') / 1000 + 30 * DAY_S,
    );
    // A creation clock behind the event's by a few ms still keeps the delivery until its hour has left.
    const occurredAt = '2026-10-27T19:00:00.000Z';
    const ttl = retentionTtl('2026-10-27T18:59:59.998Z', occurredAt);
    expect(ttl).toBe(Date.parse(occurredAt) / 1000 + 30 * DAY_S);
    const lastServed = new Date(Date.parse('2026-11-26T18:59:59.999Z'));
    expect(logCutoff(lastServed) <= occurredAt).toBe(true);
    expect(ttl).toBeGreaterThan(lastServed.getTime() / 1000);
  });

  it('hours are the sort key prefix; the stamp is two hours on from the hour of the attempt', () => {
    expect(hourOf('2026-11-26T18:20:00.000Z')).toBe('2026-11-26T18');
    expect(countsStamp('2026-11-26T18:20:00.000Z')).toBe('2026-11-26T20:00:00.000Z');
    expect(countsCoverLog(undefined, '2026-10-27T19:00:00.000Z')).toBe(false);
    expect(countsCoverLog('', '2026-10-27T19:00:00.000Z')).toBe(true);
    expect(countsCoverLog('2026-10-27T19:00:00.000Z', '2026-10-27T19:00:00.000Z')).toBe(true);
    expect(countsCoverLog('2026-10-27T20:00:00.000Z', '2026-10-27T19:00:00.000Z')).toBe(false);
  });

  it('searches for a delivery without an id pointer only between the cutoff and the stamp (session 38)', () => {
    const cutoff = '2026-10-27T19:00:00.000Z';
    expect(unpointedRange(undefined, cutoff)).toEqual({ from: cutoff, to: '\uffff' });
    expect(unpointedRange('2026-11-20T10:00:00.000Z', cutoff)).toEqual({
      from: cutoff,
      to: '2026-11-20T10:00:00.000Z',
    });
    expect(unpointedRange(cutoff, cutoff)).toBeNull();
    expect(unpointedRange('', cutoff)).toBeNull();
  });

  it('a create counts its status, a change of status moves one to the other, the same status moves nothing', () => {
    expect(countMoves(undefined, 'PENDING')).toEqual({ PENDING: 1 });
    expect(countMoves('PENDING', 'DEAD')).toEqual({ PENDING: -1, DEAD: 1 });
    expect(countMoves('DELIVERED', 'PENDING')).toEqual({ DELIVERED: -1, PENDING: 1 });
    expect(countMoves('PENDING', 'PENDING')).toEqual({});
  });

  it('the total is the hours from the cutoff; a page starts in the hour holding its offset, newest first', () => {
    const cutoff = '2026-10-27T19:00:00.000Z';
    const hours = [
      { hour: '2026-10-27T18', count: 7 }, // left out: before the cutoff's hour
      { hour: '2026-10-27T19', count: 2 },
      { hour: '2026-11-26T17', count: 3 },
      { hour: '2026-11-01T05', count: 0 },
      { hour: '2026-11-26T18', count: 4 },
    ];
    expect(logTotal(hours, cutoff)).toBe(9);
    expect(seekHour(hours, cutoff, 0)).toEqual({ hour: '2026-11-26T18', skip: 0 });
    expect(seekHour(hours, cutoff, 3)).toEqual({ hour: '2026-11-26T18', skip: 3 });
    expect(seekHour(hours, cutoff, 4)).toEqual({ hour: '2026-11-26T17', skip: 0 });
    expect(seekHour(hours, cutoff, 8)).toEqual({ hour: '2026-10-27T19', skip: 1 });
    expect(seekHour(hours, cutoff, 9)).toBeNull();
    expect(seekHour([], cutoff, 0)).toBeNull();
  });
});
