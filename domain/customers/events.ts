/** The events of a customer (thin: the id to fetch). */
import { event, type Event } from '../events.js';

export const customerCreated = (id: string): Event<'customer.created'> => event('customer.created', { id });

export const customerUpdated = (id: string): Event<'customer.updated'> => event('customer.updated', { id });
