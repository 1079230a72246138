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
import { getProduct } from '../products/public.js';
import { PRODUCTION_ORDER_ENDPOINTS } from './endpoints.js';
import { getProductionOrder } from './store/production-orders.js';
import { listProductionOrders } from './store/list.js';
import { productionOrderDetail, productionOrderSummary } from './view.js';

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

export const productionOrderOperations = operationsFor(PRODUCTION_ORDER_ENDPOINTS, {
  listProductionOrders: listProductionOrdersOp,
  getProductionOrder: getProductionOrderOp,
});
