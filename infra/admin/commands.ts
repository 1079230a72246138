/**
 * Every back-office command: each area's registry (functions/areas/<area>/commands.ts) plus the commands
 * that drive local infrastructure (the outbox sweep picks its bus here) and the demo seed.
 */
import { numberFlag, type Commands } from '../../functions/platform/back-office/command.js';
import { seedDemoData } from './seed.js';
import type { EventBus } from '../../functions/platform/events/bus.js';
import { eventBridgeBus } from '../../functions/platform/events/eventbridge-bus.js';
import { DEFAULT_SWEEP_AFTER_SECONDS, sweepOutbox } from '../../functions/platform/events/sweeper.js';
import { CUSTOMER_COMMANDS, CUSTOMER_DISCOUNT_COMMANDS } from '../../functions/areas/customers/commands.js';
import { INVENTORY_COMMANDS } from '../../functions/areas/inventory/commands.js';
import { ORGANISATION_COMMANDS } from '../../functions/areas/organisations/commands.js';
import { PRICING_COMMANDS } from '../../functions/areas/pricing/commands.js';
import { PRODUCT_COMMANDS } from '../../functions/areas/products/commands.js';
import { PURCHASE_ORDER_COMMANDS } from '../../functions/areas/purchase-orders/commands.js';
import { INVOICE_COMMANDS } from '../../functions/areas/invoices/commands.js';
import { CREDIT_NOTE_COMMANDS } from '../../functions/areas/credit-notes/commands.js';
import { PRODUCTION_ORDER_COMMANDS } from '../../functions/areas/production-orders/commands.js';
import { REPORT_COMMANDS } from '../../functions/areas/reports/commands.js';
import { SALES_ORDER_COMMANDS } from '../../functions/areas/sales-orders/commands.js';
import { SHIPMENT_COMMANDS } from '../../functions/areas/shipments/commands.js';
import { SUPPLIER_COMMANDS } from '../../functions/areas/suppliers/commands.js';
import { WEBHOOK_COMMANDS } from '../../functions/areas/webhooks/commands.js';
import { inProcessBus } from '../local/in-process-bus.js';
import { runBackfills } from '../../functions/platform/dynamo/backfill-pass.js';
import { slimRowsPart } from '../../functions/platform/dynamo/slim-backfill.js';
import { backfillOrganisationRegistry, registryPart } from './organisation-registry.js';
import { auditIndexesPart } from './audit-index.js';
import { recountSerialOrganisations, serialKeysPart } from './serial-index.js';
import { requireOrganisation } from '../../functions/areas/organisations/back-office/organisations.js';
import { SLIM_REBUILDERS } from './projection.js';
import { runScheduledJob } from '../../functions/jobs/run.js';
import { SNAPSHOT_REFRESH_ROW_CAP } from '../../functions/jobs/schedule.js';
import { refreshOrganisationSnapshots } from '../../functions/platform/dynamo/slim-snapshot-refresh.js';

export { UsageError, type Command } from '../../functions/platform/back-office/command.js';

/**
 * Against AWS (EVENT_BUS_NAME set) the sweeper publishes to EventBridge. Locally it fans out in-process;
 * the deliveries it writes are due at once and go out on the next dispatch (this CLI's or the server's).
 */
const sweeperBus = (): EventBus =>
  process.env.EVENT_BUS_NAME ? eventBridgeBus() : inProcessBus({ send: async () => {} });

export const COMMANDS: Commands = {
  ...ORGANISATION_COMMANDS,
  ...PRODUCT_COMMANDS,
  ...INVENTORY_COMMANDS,
  ...CUSTOMER_COMMANDS,
  ...SUPPLIER_COMMANDS,
  ...PRICING_COMMANDS,
  ...CUSTOMER_DISCOUNT_COMMANDS,
  ...SALES_ORDER_COMMANDS,
  ...INVOICE_COMMANDS,
  ...CREDIT_NOTE_COMMANDS,
  ...PURCHASE_ORDER_COMMANDS,
  ...SHIPMENT_COMMANDS,
  ...PRODUCTION_ORDER_COMMANDS,
  ...WEBHOOK_COMMANDS,
  ...REPORT_COMMANDS,
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
  'projection backfill': {
    usage: 'projection backfill [--org <orgId>]',
    flags: ['org'],
    required: [],
    run: async (v) => {
      if (v.org) await requireOrganisation(v.org);
      const slim = slimRowsPart(SLIM_REBUILDERS, { orgId: v.org });
      const audit = auditIndexesPart({ orgId: v.org });
      const serials = serialKeysPart(v.org);
      // Without --org the registry is a part of the one Scan; with it, that organisation's entry alone.
      const registry = v.org ? undefined : registryPart();
      await runBackfills([slim.part, audit.part, serials.part, ...(registry ? [registry.part] : [])]);
      const registered = registry?.result ?? (await backfillOrganisationRegistry({ orgId: v.org }));
      // After the registry, which lists the organisations the recount marks.
      const recount = await recountSerialOrganisations({ orgId: v.org });
      return { ...slim.result, ...audit.result, ...registered, ...serials.result, ...recount };
    },
  },
  // The scheduled job refresh-snapshots, for every organisation or one.
  'projection refresh-snapshots': {
    usage: 'projection refresh-snapshots [--org <orgId>]',
    flags: ['org'],
    required: [],
    run: async (v) => {
      if (!v.org) return runScheduledJob('refresh-snapshots');
      await requireOrganisation(v.org);
      return refreshOrganisationSnapshots(v.org, { limit: SNAPSHOT_REFRESH_ROW_CAP });
    },
  },
  seed: {
    usage: 'seed --org <orgId>',
    flags: ['org'],
    required: ['org'],
    run: (v) => seedDemoData(v.org!),
  },
};
