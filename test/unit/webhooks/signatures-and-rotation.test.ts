import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { liveSecrets, previousExpiry } from '../../../domain/webhooks/secret-rotation.js';
import { signature, standardSignature } from '../../../domain/webhooks/signature.js';
import { newSecret } from '../../../functions/areas/webhooks/new-secret.js';

const body = '{"id":"evt_1","event":"ping"}';
const t = 1_700_000_000;

describe('Standard Webhooks signature', () => {
  it('is what the reference library computes from our secret as returned (whsec_ + 64 hex digits)', () => {
    const secret = newSecret();
    expect(standardSignature(secret, 'dlv_1', t, body)).toBe(
      new Webhook(secret).sign('dlv_1', new Date(t * 1000), body),
    );
  });

  it('lists one space-separated v1 entry per live secret, newest first', () => {
    const [a, b] = [newSecret(), newSecret()];
    expect(standardSignature([a, b], 'dlv_1', t, body)).toBe(
      `${standardSignature(a, 'dlv_1', t, body)} ${standardSignature(b, 'dlv_1', t, body)}`,
    );
  });
});

describe('X-Service-Signature with two secrets', () => {
  it('repeats v1= after the one timestamp', () => {
    const [a, b] = [newSecret(), newSecret()];
    const one = (s: string) => signature(s, t, body).split(',')[1];
    expect(signature([a, b], t, body)).toBe(`t=${t},${one(a)},${one(b)}`);
  });
});

describe('rotation grace', () => {
  const now = new Date('2026-03-01T10:00:00.000Z');
  it('keeps the previous secret 24 hours, to the millisecond', () => {
    const expiresAt = previousExpiry(now);
    expect(expiresAt).toBe('2026-03-02T10:00:00.000Z');
    const stored = { current: 'new', previous: { secret: 'old', expiresAt } };
    expect(liveSecrets(stored, now)).toEqual(['new', 'old']);
    expect(liveSecrets(stored, new Date('2026-03-02T09:59:59.999Z'))).toEqual(['new', 'old']);
    expect(liveSecrets(stored, new Date(expiresAt))).toEqual(['new']);
    expect(liveSecrets({ current: 'only', previous: null }, now)).toEqual(['only']);
  });
});
