import { instantFlag, numberFlag, type Commands } from '../../platform/back-office/command.js';
import { completeProductionOrderCommand } from './steps/complete.js';
import { createProductionOrderCommand } from './steps/create.js';
import { cancelProductionOrderCommand, startProductionOrderCommand } from './steps/transitions.js';

/** The production-orders area's back-office commands, merged into the admin CLI (infra/admin). */
export const PRODUCTION_ORDER_COMMANDS: Commands = {
  'production-order create': {
    usage:
      'production-order create --org <orgId> --product <productId> --quantity <n> --warehouse <warehouseId> [--planned-start <ISO>] [--priority <n>] [--sales-order <salesOrderId>]',
    flags: ['org', 'product', 'quantity', 'warehouse', 'planned-start', 'priority', 'sales-order'],
    required: ['org', 'product', 'quantity', 'warehouse'],
    run: (v) =>
      createProductionOrderCommand({
        orgId: v.org!,
        productId: v.product!,
        quantity: numberFlag('quantity', v.quantity)!,
        warehouseId: v.warehouse!,
        plannedStart: instantFlag('planned-start', v['planned-start']),
        priority: numberFlag('priority', v.priority, true),
        salesOrderId: v['sales-order'],
      }),
  },
  'production-order start': {
    usage: 'production-order start --org <orgId> --id <productionOrderId>',
    flags: ['org', 'id'],
    required: ['org', 'id'],
    run: (v) => startProductionOrderCommand({ orgId: v.org!, id: v.id! }),
  },
  'production-order complete': {
    usage:
      'production-order complete --org <orgId> --id <productionOrderId> [--quantity <n>] [--batch-number <lot>]',
    flags: ['org', 'id', 'quantity', 'batch-number'],
    required: ['org', 'id'],
    run: (v) =>
      completeProductionOrderCommand({
        orgId: v.org!,
        id: v.id!,
        quantity: numberFlag('quantity', v.quantity),
        batchNumber: v['batch-number'],
      }),
  },
  'production-order cancel': {
    usage: 'production-order cancel --org <orgId> --id <productionOrderId> [--reason <text>]',
    flags: ['org', 'id', 'reason'],
    required: ['org', 'id'],
    run: (v) => cancelProductionOrderCommand({ orgId: v.org!, id: v.id!, reason: v.reason }),
  },
};
