/** Webhook subscriptions: what a create or merge-patch may set, and how delivery outcomes change one. */
import { unprocessable, validationError } from '../errors.js';
import type { EventType } from '../events.js';

export const MAX_ACTIVE_SUBSCRIPTIONS = 25;
export const DEFAULT_DISABLE_AFTER_FAILURES = 5;
export const ALL_EVENTS = '*';
export type EventFilter = EventType | typeof ALL_EVENTS;

export interface SubscriptionState {
  id: string;
  url: string;
  events: EventFilter[];
  description: string | null;
  secretPrefix: string;
  isActive: boolean;
  /** Consecutive deliveries that ended DEAD; a DELIVERED one resets it. */
  failureCount: number;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  disabledAt: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface SubscriptionCreate {
  url: string;
  events: EventFilter[];
  description?: string | null;
}

export interface SubscriptionPatch {
  url?: string;
  events?: EventFilter[];
  description?: string | null;
  isActive?: boolean;
}

/** `["*"]` means every event and must stand alone (spec, Events, rule 1). */
export function checkEvents(events: EventFilter[]): void {
  if (events.includes(ALL_EVENTS) && events.length > 1) {
    throw validationError([{ path: 'events', message: 'must be ["*"] alone or a list of event names' }]);
  }
}

export function createSubscription(
  input: SubscriptionCreate,
  context: { id: string; now: string; secretPrefix: string },
): SubscriptionState {
  checkEvents(input.events);
  return {
    id: context.id,
    url: input.url,
    events: input.events,
    description: input.description ?? null,
    secretPrefix: context.secretPrefix,
    isActive: true,
    failureCount: 0,
    lastSuccessAt: null,
    lastFailureAt: null,
    disabledAt: null,
    createdAt: context.now,
    updatedAt: context.now,
    version: 1,
  };
}

/** Merge-patch; any successful PUT resets failureCount and clears disabledAt (spec, states). */
export function patchSubscription(
  current: SubscriptionState,
  patch: SubscriptionPatch,
  now: string,
): SubscriptionState {
  if (patch.events) checkEvents(patch.events);
  return {
    ...current,
    ...(patch.url !== undefined ? { url: patch.url } : {}),
    ...(patch.events !== undefined ? { events: patch.events } : {}),
    ...(patch.description !== undefined ? { description: patch.description } : {}),
    ...(patch.isActive !== undefined ? { isActive: patch.isActive } : {}),
    failureCount: 0,
    disabledAt: null,
    updatedAt: now,
    version: current.version + 1,
  };
}

/** A secret rotation changes only what the API shows of the secret; failures and activity are kept. */
export const withRotatedSecret = (
  current: SubscriptionState,
  secretPrefix: string,
  now: string,
): SubscriptionState => ({ ...current, secretPrefix, updatedAt: now, version: current.version + 1 });

/** Whether turning `before` into `after` adds or removes an active subscription (for the cap). */
export const activeDelta = (before: boolean | null, after: boolean | null): -1 | 0 | 1 =>
  before === after ? 0 : after ? 1 : before ? -1 : 0;

export const capExceeded = () =>
  unprocessable(`An organisation can have at most ${MAX_ACTIVE_SUBSCRIPTIONS} active webhook subscriptions`);

export const subscribesTo = (subscription: Pick<SubscriptionState, 'events' | 'isActive'>, event: string) =>
  subscription.isActive &&
  (subscription.events.includes(ALL_EVENTS) || (subscription.events as string[]).includes(event));

/**
 * After a delivery ends DEAD and the consecutive count is taken: whether that disables the subscription.
 * Only an active one is disabled, so a disabled subscription's stragglers do not move disabledAt.
 */
export const shouldAutoDisable = (
  books: Pick<SubscriptionState, 'failureCount' | 'isActive'>,
  disableAfter: number,
): boolean => books.isActive && books.failureCount >= disableAfter;
