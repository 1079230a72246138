import {
  declare,
  modifiedSince,
  PAGE_PARAMS,
  search,
  type Declared,
} from '../../platform/catalogue/endpoint.js';

export const PRICING_ENDPOINTS = [
  declare({
    operationId: 'listPriceTiers',
    method: 'GET',
    path: '/price-tiers',
    summary: 'List price tiers (tierIndex ascending)',
    permission: 'products.view',
    response: 'PriceTierList',
    query: [
      ...PAGE_PARAMS,
      search('name'),
      { name: 'includeInactive', type: 'boolean', description: 'true includes inactive tiers.' },
      modifiedSince,
    ],
  }),
  declare({
    operationId: 'getPriceTier',
    method: 'GET',
    path: '/price-tiers/{id}',
    resources: { id: 'Price tier' },
    summary: 'Read a price tier with its product prices and quantity breaks',
    permission: 'products.view',
    response: 'PriceTierDetail',
  }),
] as const satisfies readonly Declared[];
