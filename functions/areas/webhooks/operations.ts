import { newId } from '../../platform/ids.js';
import { notFound } from '../../../domain/errors.js';
import { byText } from '../../../domain/listing/in-memory.js';
import { paginate, pageOf } from '../../../domain/listing/pagination.js';
import { newDelivery } from '../../../domain/webhooks/delivery.js';
import { previousExpiry } from '../../../domain/webhooks/secret-rotation.js';
import { secretPrefixOf } from '../../../domain/webhooks/signature.js';
import { newSecret } from './new-secret.js';
import {
  activeDelta,
  createSubscription,
  patchSubscription,
  withRotatedSecret,
  type SubscriptionState,
} from '../../../domain/webhooks/subscription.js';
import type { Preconditions } from '../../platform/http/etag.js';
import type { OperationOf } from '../../platform/http/types.js';
import { operationsFor } from '../../platform/http/operations-for.js';
import type { WEBHOOK_ENDPOINTS } from './endpoints.js';
import { deleteDeliveries, putDeliveryIfAbsent } from './store/deliveries.js';
import { listDeliveries } from './store/delivery-list.js';
import {
  activeCountChange,
  getSubscription,
  getSubscriptionLog,
  listSubscriptions,
  secretRotationItems,
  subscriptionCreateItems,
  subscriptionDeleteItems,
  subscriptionUpdateItem,
  transactWithCounter,
} from './store/webhooks.js';
import { deliveryView, subscriptionView } from './view.js';
import { validateSubscriptionUrl } from './target.js';
import { sealSecret } from './signing-secrets.js';
import { transact } from '../../platform/dynamo/transact.js';
import { recoveryOperations } from './recovery.js';

async function requireSubscription(orgId: string, id: string) {
  const found = await getSubscription(orgId, id);
  if (!found) throw notFound('Webhook subscription');
  return found;
}

/**
 * The version moved between the read and the write: to a caller whose If-Match does not name the version
 * that won, the answer is 412 as if it had read it; to anyone else the usual 409 (null).
 */
function refusal(preconditions: Preconditions, storedVersion: number): Error | null {
  try {
    preconditions.checkVersion(storedVersion);
    return null;
  } catch (refused) {
    if (refused instanceof Error) return refused;
    throw refused;
  }
}

const audit = (id: string, action: string, changedFields: string[]) => ({
  audit: [{ resourceType: 'webhook', resourceId: id, action, changedFields }],
});

const listWebhooksOp: OperationOf<typeof WEBHOOK_ENDPOINTS, 'listWebhooks'> = async (input) => {
  const page = pageOf(input.query);
  const all = await listSubscriptions(input.auth.orgId);
  const newestFirst = all.sort((a, b) => byText(b.createdAt, a.createdAt) || byText(b.id, a.id));
  return {
    body: paginate(
      newestFirst.slice(page.offset, page.offset + page.pageSize).map(subscriptionView),
      all.length,
      page,
    ),
  };
};

const createWebhookOp: OperationOf<typeof WEBHOOK_ENDPOINTS, 'createWebhook'> = async ({
  auth,
  body: input,
  now,
  journal,
}) => {
  await validateSubscriptionUrl(input.url);
  const secret = newSecret();
  const state = createSubscription(input, {
    id: newId(),
    now: now.toISOString(),
    secretPrefix: secretPrefixOf(secret),
  });
  await transactWithCounter([
    ...subscriptionCreateItems(auth.orgId, state, await sealSecret(auth.orgId, state.id, secret)),
    ...journal.items(audit(state.id, 'create', Object.keys(input))),
  ]);
  return { status: 201, body: { ...subscriptionView(state), secret } };
};

/** The version tags the representation (ETag); the view itself never shows it. */
const tagged = (state: SubscriptionState) => ({ body: subscriptionView(state), version: state.version });

const getWebhookOp: OperationOf<typeof WEBHOOK_ENDPOINTS, 'getWebhook'> = async ({ auth, params }) =>
  tagged(await requireSubscription(auth.orgId, params.id));

const updateWebhookOp: OperationOf<typeof WEBHOOK_ENDPOINTS, 'updateWebhook'> = async ({
  auth,
  params,
  body: patch,
  now,
  journal,
  preconditions,
}) => {
  const current = await requireSubscription(auth.orgId, params.id);
  // The update is conditioned on this version, so a matching If-Match holds until it commits.
  preconditions.checkVersion(current.version);
  if (patch.url !== undefined) await validateSubscriptionUrl(patch.url);
  const next = patchSubscription(current, patch, now.toISOString());
  const delta = activeDelta(current.isActive, next.isActive);
  await transactWithCounter([
    subscriptionUpdateItem(auth.orgId, current, next, (storedVersion) =>
      refusal(preconditions, storedVersion),
    ),
    ...(delta !== 0 ? [activeCountChange(auth.orgId, delta)] : []),
    ...journal.items(audit(current.id, 'update', Object.keys(patch))),
  ]);
  return tagged(next);
};

const deleteWebhookOp: OperationOf<typeof WEBHOOK_ENDPOINTS, 'deleteWebhook'> = async ({
  auth,
  params,
  journal,
}) => {
  const current = await requireSubscription(auth.orgId, params.id);
  await transactWithCounter([
    ...subscriptionDeleteItems(auth.orgId, current),
    ...journal.items(audit(current.id, 'delete', [])),
  ]);
  // After the subscription is gone no new delivery can be written for it, so the log empties for good.
  await deleteDeliveries(auth.orgId, current.id);
  return { body: { id: current.id, deleted: true } };
};

const listWebhookDeliveriesOp: OperationOf<typeof WEBHOOK_ENDPOINTS, 'listWebhookDeliveries'> = async (
  input,
) => {
  const { auth, params, query, now } = input;
  const log = await getSubscriptionLog(auth.orgId, params.id);
  if (!log) throw notFound('Webhook subscription');
  const page = pageOf(input.query);
  const { items, total } = await listDeliveries(
    auth.orgId,
    params.id,
    query.status,
    { offset: page.offset, limit: page.pageSize },
    { now, countedFrom: log.countedFrom },
  );
  return { body: paginate(items.map(deliveryView), total, page) };
};

/** A ping is an ordinary delivery of a synthetic event, due now: the next dispatch run sends it. */
const pingWebhookOp: OperationOf<typeof WEBHOOK_ENDPOINTS, 'pingWebhook'> = async ({ auth, params, now }) => {
  const subscription = await requireSubscription(auth.orgId, params.id);
  const at = now.toISOString();
  const payload = {
    id: `evt_${newId()}`,
    event: 'ping',
    occurredAt: at,
    orgId: auth.orgId,
    data: { id: subscription.id },
  };
  const delivery = newDelivery(payload, subscription.id, { id: `dlv_${newId()}`, now: at });
  await putDeliveryIfAbsent(auth.orgId, delivery);
  return { status: 202, body: { id: delivery.id, status: 'PENDING' } };
};

/**
 * Beyond the spec: a new secret, returned once like at create; the old one keeps signing beside it until
 * previousSecretExpiresAt so the receiver can switch without losing a delivery.
 */
const rotateWebhookSecretOp: OperationOf<typeof WEBHOOK_ENDPOINTS, 'rotateWebhookSecret'> = async ({
  auth,
  params,
  now,
  journal,
}) => {
  const current = await requireSubscription(auth.orgId, params.id);
  const secret = newSecret();
  const next = withRotatedSecret(current, secretPrefixOf(secret), now.toISOString());
  const previousSecretExpiresAt = previousExpiry(now);
  await transact([
    ...secretRotationItems(
      auth.orgId,
      current,
      next,
      await sealSecret(auth.orgId, current.id, secret),
      previousSecretExpiresAt,
    ),
    ...journal.items(audit(current.id, 'rotate-secret', ['secretPrefix'])),
  ]);
  return { body: { ...subscriptionView(next), secret, previousSecretExpiresAt } };
};

export const webhookOperations = operationsFor<typeof WEBHOOK_ENDPOINTS>({
  listWebhooks: listWebhooksOp,
  createWebhook: createWebhookOp,
  getWebhook: getWebhookOp,
  updateWebhook: updateWebhookOp,
  deleteWebhook: deleteWebhookOp,
  listWebhookDeliveries: listWebhookDeliveriesOp,
  pingWebhook: pingWebhookOp,
  rotateWebhookSecret: rotateWebhookSecretOp,
  ...recoveryOperations,
});
