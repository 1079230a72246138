import { numberFlag, type Commands } from '../../platform/back-office/command.js';
import { addTierBreak, createPriceTier, setTierPrice } from './steps/price-tiers.js';

/** The pricing area's back-office commands, merged into the admin CLI (infra/admin). */
export const PRICING_COMMANDS: Commands = {
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
};
