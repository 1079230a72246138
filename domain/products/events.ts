/** The events of a product (thin: the id to fetch). */
import { event, type Event } from '../events.js';

export const productCreated = (id: string): Event<'product.created'> => event('product.created', { id });

/** Any change of its details, its weighted-average cost included. */
export const productUpdated = (id: string): Event<'product.updated'> => event('product.updated', { id });
