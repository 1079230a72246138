import { notFound } from '../../../domain/errors.js';
import { canBeId } from '../../../domain/ids.js';
import { paginate, pageOf } from '../../../domain/listing/pagination.js';
import {
  PRODUCTION_ORDER_RESOURCE,
  type ProductionOrderStatus,
} from '../../../domain/production-orders/production-order.js';
import { documentFilterOf } from '../../platform/http/document-filter.js';
import type { OperationOf } from '../../platform/http/types.js';
import { operationsFor } from '../../platform/http/operations-for.js';
import { requestContext } from '../../platform/journal/write-context.js';
import { getProduct } from '../products/public.js';
import type { PRODUCTION_ORDER_ENDPOINTS } from './endpoints.js';
import { getProductionOrder } from './store/production-orders.js';
import { listProductionOrders } from './store/list.js';
import { productionOrderDetail, productionOrderSummary } from './view.js';
import { completeProductionOrderCommand } from './steps/complete.js';
import { createProductionOrderCommand } from './steps/create.js';
import { cancelProductionOrderCommand, startProductionOrderCommand } from './steps/transitions.js';

const getProductionOrderOp: OperationOf<typeof PRODUCTION_ORDER_ENDPOINTS, 'getProductionOrder'> = async ({
  auth,
  params,
}) => {
  const order = await getProductionOrder(auth.orgId, params.id);
  if (!order) throw notFound(PRODUCTION_ORDER_RESOURCE);
  return { body: productionOrderDetail(order) };
};

/** A productId filter must name a product of the organisation (404 otherwise), checked beside the read. */
const listProductionOrdersOp: OperationOf<
  typeof PRODUCTION_ORDER_ENDPOINTS,
  'listProductionOrders'
> = async ({ auth, query }) => {
  const page = pageOf(query);
  const productId = query.productId;
  if (productId !== undefined && !canBeId(productId)) throw notFound('Product');
  const [product, { items, total }] = await Promise.all([
    productId === undefined ? null : getProduct(auth.orgId, productId),
    listProductionOrders(
      auth.orgId,
      { ...documentFilterOf<ProductionOrderStatus>(query), productId },
      { offset: page.offset, limit: page.pageSize },
    ),
  ]);
  if (productId !== undefined && !product) throw notFound('Product');
  return { body: paginate(items.map(productionOrderSummary), total, page) };
};

/** POST /production-orders: the back office's `production-order create`, over the API. */
const createProductionOrderOp: OperationOf<
  typeof PRODUCTION_ORDER_ENDPOINTS,
  'createProductionOrder'
> = async ({ auth, body, now, journal }) => ({
  status: 201,
  body: await createProductionOrderCommand(
    {
      orgId: auth.orgId,
      productId: body.productId,
      quantity: body.quantity,
      warehouseId: body.warehouseId,
      plannedStart: body.plannedStartDate ?? undefined,
      priority: body.priority ?? undefined,
      salesOrderId: body.salesOrderId ?? undefined,
    },
    requestContext({ now, journal }),
  ),
});

const startProductionOrderOp: OperationOf<
  typeof PRODUCTION_ORDER_ENDPOINTS,
  'startProductionOrder'
> = async ({ auth, params, now, journal }) => ({
  status: 200,
  body: await startProductionOrderCommand(
    { orgId: auth.orgId, id: params.id },
    requestContext({ now, journal }),
  ),
});

const completeProductionOrderOp: OperationOf<
  typeof PRODUCTION_ORDER_ENDPOINTS,
  'completeProductionOrder'
> = async ({ auth, params, body, now, journal }) => ({
  status: 200,
  body: await completeProductionOrderCommand(
    {
      orgId: auth.orgId,
      id: params.id,
      quantity: body?.quantity ?? undefined,
      batchNumber: body?.batchNumber ?? undefined,
    },
    requestContext({ now, journal }),
  ),
});

const cancelProductionOrderOp: OperationOf<
  typeof PRODUCTION_ORDER_ENDPOINTS,
  'cancelProductionOrder'
> = async ({ auth, params, body, now, journal }) => ({
  status: 200,
  body: await cancelProductionOrderCommand(
    { orgId: auth.orgId, id: params.id, reason: body?.reason },
    requestContext({ now, journal }),
  ),
});

export const productionOrderOperations = operationsFor<typeof PRODUCTION_ORDER_ENDPOINTS>({
  listProductionOrders: listProductionOrdersOp,
  getProductionOrder: getProductionOrderOp,
  createProductionOrder: createProductionOrderOp,
  startProductionOrder: startProductionOrderOp,
  completeProductionOrder: completeProductionOrderOp,
  cancelProductionOrder: cancelProductionOrderOp,
});
