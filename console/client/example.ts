/**
 * The README's example, type-checked with the console (`npm run typecheck`), so it keeps compiling against
 * the generated types.
 */
import { ApiRequestError, createClient, ifMatch, ok, withEtag } from './index.js';

export async function example(apiKey: string, customerId: string, productId: string): Promise<void> {
  const api = createClient({ baseUrl: 'https://api.example.com/api/v1', apiKey });

  // List: the API's own search, filters, sorts and paging, typed.
  const orders = await ok(
    api.GET('/sales-orders', {
      params: {
        query: { status: ['CONFIRMED', 'PICKING'], search: 'acme', sortBy: 'orderDate', pageSize: 50 },
      },
    }),
  );
  for (const order of orders.data) console.log(order.orderNumber, order.status, order.totalAmount);

  // Create: the client adds a random Idempotency-Key; pass your own so that retrying the same action is
  // answered with the first response instead of creating a second order.
  const created = await ok(
    api.POST('/sales-orders', {
      headers: { 'Idempotency-Key': 'order-form-7f3c' },
      body: { customerId, lines: [{ productId, quantity: 2, unitPrice: 12.5 }] },
    }),
  );
  console.log(created.orderNumber, created.status);

  // Update: send back the ETag the read returned; a change made meanwhile is refused with 412.
  const { data: customer, etag } = await withEtag(
    api.GET('/customers/{id}', { params: { path: { id: customerId } } }),
  );
  try {
    await ok(
      api.PUT('/customers/{id}', {
        params: { path: { id: customer.id } },
        headers: ifMatch(etag),
        body: { notes: 'Deliveries before noon' },
      }),
    );
  } catch (error) {
    // The API's error body as sent: status 412, code 'precondition_failed', its message.
    if (error instanceof ApiRequestError) console.error(error.status, error.code, error.message);
    else throw error;
  }
}
