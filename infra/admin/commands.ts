import { readFileSync } from 'node:fs';
import { isPermission, type PermissionGrant } from '../../domain/auth/permissions.js';
import { isScope, type Scope } from '../../domain/auth/scopes.js';
import { parseInstant } from '../../domain/listing/query-params.js';
import {
  createApiKey,
  listApiKeys,
  revokeApiKey,
  rotateApiKey,
} from '../../functions/areas/organisations/back-office/api-keys.js';
import {
  createCategory,
  createUnitOfMeasure,
  setBom,
} from '../../functions/areas/products/back-office/catalogue-data.js';
import { createBatch } from '../../functions/areas/inventory/back-office/batches.js';
import { createOrganisation } from '../../functions/areas/organisations/back-office/organisations.js';
import {
  addBin,
  addZone,
  createWarehouse,
  deactivateWarehouse,
} from '../../functions/areas/inventory/back-office/warehouses.js';
import {
  createCustomerGroup,
  createSalesRep,
  deactivateSalesRep,
} from '../../functions/areas/customers/back-office/sales-reference.js';
import {
  addTierBreak,
  createPriceTier,
  setCustomerProductDiscount,
  setTierPrice,
} from '../../functions/areas/pricing/back-office/pricing.js';
import { seedDemoData } from '../../functions/platform/back-office/seed.js';
import {
  addSupplierLocation,
  setSupplierPrice,
} from '../../functions/areas/suppliers/back-office/suppliers.js';
import { listAudit } from '../../functions/platform/journal/audit.js';
import { setOrganisationLimits } from '../../functions/platform/access/rate-limits.js';
import { requireOrganisation } from '../../functions/areas/organisations/back-office/organisations.js';
import type { EventBus } from '../../functions/platform/events/bus.js';
import { eventBridgeBus } from '../../functions/platform/events/eventbridge-bus.js';
import { DEFAULT_SWEEP_AFTER_SECONDS, sweepOutbox } from '../../functions/platform/events/sweeper.js';
import { dispatchDue } from '../../functions/areas/webhooks/dispatch.js';
import { inProcessBus } from '../local/in-process-bus.js';

/**
 * Against AWS (EVENT_BUS_NAME set) the sweeper publishes to EventBridge. Locally it fans out in-process;
 * the deliveries it writes are due at once and go out on the next dispatch (this CLI's or the server's).
 */
const sweeperBus = (): EventBus =>
  process.env.EVENT_BUS_NAME ? eventBridgeBus() : inProcessBus({ send: async () => {} });

/** A bad or missing flag value: the CLI prints usage and exits 2. */
export class UsageError extends Error {}

type Values = Record<string, string | undefined>;

export interface Command {
  usage: string;
  flags: string[];
  /** Flags among `flags` that take no value (present means true). */
  switches?: string[];
  required: string[];
  run: (values: Values) => Promise<unknown>;
}

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function scopesFlag(value: string | undefined): Scope[] {
  const scopes = value === undefined ? ['write'] : list(value);
  const bad = scopes.find((s) => !isScope(s));
  if (bad !== undefined || scopes.length === 0) throw new UsageError(`invalid scope '${bad ?? ''}'`);
  return scopes as Scope[];
}

function permissionsFlag(value: string | undefined): PermissionGrant {
  if (value === undefined || value === 'all') return 'all';
  const permissions = list(value);
  const bad = permissions.find((p) => !isPermission(p));
  if (bad !== undefined) throw new UsageError(`unknown permission '${bad}'`);
  return permissions as PermissionGrant;
}

function numberFlag(name: string, value: string | undefined, integer = false): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (
    value.trim() === '' ||
    !Number.isFinite(parsed) ||
    (integer && !Number.isInteger(parsed)) ||
    parsed < 0
  ) {
    throw new UsageError(`--${name} must be a ${integer ? 'whole ' : ''}number >= 0`);
  }
  return parsed;
}

function instantFlag(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const parsed = parseInstant(value);
  if (!parsed) throw new UsageError(`--${name} must be an ISO 8601 timestamp`);
  return parsed.toISOString();
}

function jsonFile(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`--file ${path}: ${(error as Error).message}`);
  }
}

export const COMMANDS: Record<string, Command> = {
  'org create': {
    usage: 'org create --name <name> [--currency NZD]',
    flags: ['name', 'currency'],
    required: ['name'],
    run: (v) => createOrganisation({ name: v.name!, currency: v.currency }),
  },
  'org set-limits': {
    usage: 'org set-limits --org <orgId> [--per-key <n>] [--per-org <n>]',
    flags: ['org', 'per-key', 'per-org'],
    required: ['org'],
    run: async (v) => {
      await requireOrganisation(v.org!);
      const perKey = numberFlag('per-key', v['per-key'], true);
      const perOrg = numberFlag('per-org', v['per-org'], true);
      if (perKey === 0 || perOrg === 0) throw new UsageError('limits must be at least 1');
      return { id: v.org!, rateLimits: await setOrganisationLimits(v.org!, { perKey, perOrg }) };
    },
  },
  'key create': {
    usage:
      'key create --org <orgId> [--scopes write] [--permissions p1,p2|all] [--expires-at <iso>] [--name <n>]',
    flags: ['org', 'scopes', 'permissions', 'expires-at', 'name'],
    required: ['org'],
    run: (v) =>
      createApiKey({
        orgId: v.org!,
        name: v.name,
        scopes: scopesFlag(v.scopes),
        permissions: permissionsFlag(v.permissions),
        expiresAt: instantFlag('expires-at', v['expires-at']),
      }),
  },
  'key rotate': {
    usage: 'key rotate --org <orgId> --id <keyId> [--grace-hours 24]',
    flags: ['org', 'id', 'grace-hours'],
    required: ['org', 'id'],
    run: (v) =>
      rotateApiKey({ orgId: v.org!, keyId: v.id!, graceHours: numberFlag('grace-hours', v['grace-hours']) }),
  },
  'key revoke': {
    usage: 'key revoke --org <orgId> --id <keyId>',
    flags: ['org', 'id'],
    required: ['org', 'id'],
    run: (v) => revokeApiKey({ orgId: v.org!, keyId: v.id! }),
  },
  'key list': {
    usage: 'key list --org <orgId>',
    flags: ['org'],
    required: ['org'],
    run: (v) => listApiKeys(v.org!),
  },
  'category create': {
    usage: 'category create --org <orgId> --name <n> [--parent <id>] [--sort-order <n>]',
    flags: ['org', 'name', 'parent', 'sort-order'],
    required: ['org', 'name'],
    run: (v) =>
      createCategory({
        orgId: v.org!,
        name: v.name!,
        parentId: v.parent,
        sortOrder: numberFlag('sort-order', v['sort-order'], true),
      }),
  },
  'uom create': {
    usage:
      'uom create --org <orgId> --name <n> --abbreviation <a> --type UNIT|WEIGHT|VOLUME|LENGTH|AREA|TIME',
    flags: ['org', 'name', 'abbreviation', 'type'],
    required: ['org', 'name', 'abbreviation', 'type'],
    run: (v) =>
      createUnitOfMeasure({ orgId: v.org!, name: v.name!, abbreviation: v.abbreviation!, type: v.type! }),
  },
  'bom set': {
    usage: 'bom set --org <orgId> --product <id> --file <lines.json>',
    flags: ['org', 'product', 'file'],
    required: ['org', 'product', 'file'],
    run: (v) => setBom({ orgId: v.org!, productId: v.product!, lines: jsonFile(v.file!) }),
  },
  'warehouse create': {
    usage: 'warehouse create --org <orgId> --code <code> --name <name>',
    flags: ['org', 'code', 'name'],
    required: ['org', 'code', 'name'],
    run: (v) => createWarehouse({ orgId: v.org!, code: v.code!, name: v.name! }),
  },
  'warehouse add-zone': {
    usage:
      'warehouse add-zone --org <orgId> --warehouse <id> --name <n> --zone-type <type> [--category <builtInKey>]',
    flags: ['org', 'warehouse', 'name', 'zone-type', 'category'],
    required: ['org', 'warehouse', 'name', 'zone-type'],
    run: (v) =>
      addZone({
        orgId: v.org!,
        warehouseId: v.warehouse!,
        name: v.name!,
        zoneType: v['zone-type']!,
        category: v.category,
      }),
  },
  'warehouse add-bin': {
    usage: 'warehouse add-bin --org <orgId> --zone <zoneId> --code <code> [--capacity <n>]',
    flags: ['org', 'zone', 'code', 'capacity'],
    required: ['org', 'zone', 'code'],
    run: (v) =>
      addBin({ orgId: v.org!, zoneId: v.zone!, code: v.code!, capacity: numberFlag('capacity', v.capacity) }),
  },
  'warehouse deactivate': {
    usage: 'warehouse deactivate --org <orgId> --id <warehouseId>',
    flags: ['org', 'id'],
    required: ['org', 'id'],
    run: (v) => deactivateWarehouse({ orgId: v.org!, warehouseId: v.id! }),
  },
  'batch create': {
    usage: 'batch create --org <orgId> --product <id> --number <batchNumber> [--expiry <YYYY-MM-DD>]',
    flags: ['org', 'product', 'number', 'expiry'],
    required: ['org', 'product', 'number'],
    run: (v) =>
      createBatch({ orgId: v.org!, productId: v.product!, batchNumber: v.number!, expiryDate: v.expiry }),
  },
  'customer-group create': {
    usage: 'customer-group create --org <orgId> --name <n>',
    flags: ['org', 'name'],
    required: ['org', 'name'],
    run: (v) => createCustomerGroup({ orgId: v.org!, name: v.name! }),
  },
  'sales-rep create': {
    usage: 'sales-rep create --org <orgId> --name <n> --email <e> [--role <r>]',
    flags: ['org', 'name', 'email', 'role'],
    required: ['org', 'name', 'email'],
    run: (v) => createSalesRep({ orgId: v.org!, name: v.name!, email: v.email!, role: v.role }),
  },
  'sales-rep deactivate': {
    usage: 'sales-rep deactivate --org <orgId> --id <userId>',
    flags: ['org', 'id'],
    required: ['org', 'id'],
    run: (v) => deactivateSalesRep({ orgId: v.org!, id: v.id! }),
  },
  'supplier add-location': {
    usage:
      'supplier add-location --org <orgId> --supplier <id> --name <n> [--type SHIPPING|BILLING|BOTH] [--city <c>] [--default-shipping] [--default-billing]',
    flags: ['org', 'supplier', 'name', 'type', 'city', 'default-shipping', 'default-billing'],
    switches: ['default-shipping', 'default-billing'],
    required: ['org', 'supplier', 'name'],
    run: (v) =>
      addSupplierLocation({
        orgId: v.org!,
        supplierId: v.supplier!,
        name: v.name!,
        type: v.type,
        city: v.city,
        defaultShipping: v['default-shipping'] === 'true',
        defaultBilling: v['default-billing'] === 'true',
      }),
  },
  'supplier set-price': {
    usage:
      'supplier set-price --org <orgId> --supplier <id> --product <id> --price <n> [--sku <s>] [--lead-time-days <n>] [--min-order-qty <n>] [--preferred]',
    flags: ['org', 'supplier', 'product', 'price', 'sku', 'lead-time-days', 'min-order-qty', 'preferred'],
    switches: ['preferred'],
    required: ['org', 'supplier', 'product', 'price'],
    run: (v) =>
      setSupplierPrice({
        orgId: v.org!,
        supplierId: v.supplier!,
        productId: v.product!,
        price: numberFlag('price', v.price)!,
        supplierSku: v.sku,
        leadTimeDays: numberFlag('lead-time-days', v['lead-time-days'], true),
        minOrderQty: numberFlag('min-order-qty', v['min-order-qty']),
        preferred: v.preferred === 'true',
      }),
  },
  'price-tier create': {
    usage: 'price-tier create --org <orgId> --name <n> [--index <n>]',
    flags: ['org', 'name', 'index'],
    required: ['org', 'name'],
    run: (v) =>
      createPriceTier({ orgId: v.org!, name: v.name!, tierIndex: numberFlag('index', v.index, true) }),
  },
  'price-tier set-price': {
    usage: 'price-tier set-price --org <orgId> --tier <id> --product <id> --price <n>',
    flags: ['org', 'tier', 'product', 'price'],
    required: ['org', 'tier', 'product', 'price'],
    run: (v) =>
      setTierPrice({
        orgId: v.org!,
        tierId: v.tier!,
        productId: v.product!,
        price: numberFlag('price', v.price)!,
      }),
  },
  'price-tier add-break': {
    usage:
      'price-tier add-break --org <orgId> --tier <id> --product <id> --min-quantity <n> --unit-price <n>',
    flags: ['org', 'tier', 'product', 'min-quantity', 'unit-price'],
    required: ['org', 'tier', 'product', 'min-quantity', 'unit-price'],
    run: (v) =>
      addTierBreak({
        orgId: v.org!,
        tierId: v.tier!,
        productId: v.product!,
        minQuantity: numberFlag('min-quantity', v['min-quantity'])!,
        unitPrice: numberFlag('unit-price', v['unit-price'])!,
      }),
  },
  'customer set-product-discount': {
    usage: 'customer set-product-discount --org <orgId> --customer <id> --product <id> --pct <0-1>',
    flags: ['org', 'customer', 'product', 'pct'],
    required: ['org', 'customer', 'product', 'pct'],
    run: (v) =>
      setCustomerProductDiscount({
        orgId: v.org!,
        customerId: v.customer!,
        productId: v.product!,
        discountPct: numberFlag('pct', v.pct)!,
      }),
  },
  'audit list': {
    usage: 'audit list --org <orgId> [--resource <type>] [--id <id>] [--since <iso>]',
    flags: ['org', 'resource', 'id', 'since'],
    required: ['org'],
    run: async (v) => {
      await requireOrganisation(v.org!);
      const data = await listAudit(v.org!, {
        resourceType: v.resource,
        resourceId: v.id,
        since: instantFlag('since', v.since),
      });
      return { data };
    },
  },
  'webhooks dispatch': {
    usage: 'webhooks dispatch [--org <orgId>] [--limit 500]',
    flags: ['org', 'limit'],
    required: [],
    run: (v) => dispatchDue({ orgId: v.org, limit: numberFlag('limit', v.limit, true) }),
  },
  'outbox sweep': {
    usage: `outbox sweep [--older-than-seconds ${DEFAULT_SWEEP_AFTER_SECONDS}] [--org <orgId>]`,
    flags: ['older-than-seconds', 'org'],
    required: [],
    run: (v) =>
      sweepOutbox(sweeperBus(), {
        orgId: v.org,
        olderThanSeconds: numberFlag('older-than-seconds', v['older-than-seconds'], true),
      }),
  },
  seed: {
    usage: 'seed --org <orgId>',
    flags: ['org'],
    required: ['org'],
    run: (v) => seedDemoData(v.org!),
  },
};
