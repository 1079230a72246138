import { type Commands } from '../../platform/back-office/command.js';
import { cancelShipment, cancelReason } from './steps/cancel.js';
import { createShipment, parseShipmentLines } from './steps/create.js';
import { pickShipment } from './steps/pick.js';

/** The shipments area's back-office commands, merged into the admin CLI (infra/admin). */
export const SHIPMENT_COMMANDS: Commands = {
  'shipment create': {
    usage:
      'shipment create --org <orgId> --sales-order <salesOrderId> [--lines \'[{"soLineId":"..","quantity":1}]\'] [--notes <text>] [--carrier <name>] [--tracking-number <n>]',
    flags: ['org', 'sales-order', 'lines', 'notes', 'carrier', 'tracking-number'],
    required: ['org', 'sales-order'],
    run: (v) =>
      createShipment({
        orgId: v.org!,
        salesOrderId: v['sales-order']!,
        lines: v.lines === undefined ? undefined : parseShipmentLines(v.lines),
        notes: v.notes,
        carrier: v.carrier,
        trackingNumber: v['tracking-number'],
      }),
  },
  'shipment pick': {
    usage: 'shipment pick --org <orgId> --id <shipmentId>',
    flags: ['org', 'id'],
    required: ['org', 'id'],
    run: (v) => pickShipment({ orgId: v.org!, id: v.id! }),
  },
  'shipment cancel': {
    usage: 'shipment cancel --org <orgId> --id <shipmentId> [--reason <text>]',
    flags: ['org', 'id', 'reason'],
    required: ['org', 'id'],
    run: (v) => cancelShipment({ orgId: v.org!, id: v.id!, reason: cancelReason(v.reason) }),
  },
};
