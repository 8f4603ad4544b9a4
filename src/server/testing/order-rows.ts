import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client';
import { orderEvents, orders } from '../db/schema';
import type { Order } from '../orders/state-machine';

export type OrderRowValues = Partial<typeof orders.$inferInsert> & { userId: string };

/**
 * Writes an order row as it stands, without going through checkout: for reading tests that need orders in any status,
 * at any time (an NG MTN top-up of $5 paid with the sandbox unless told otherwise).
 */
export async function insertOrderRow(db: Database, values: OrderRowValues): Promise<Order> {
  const id = values.id ?? randomUUID();
  const [row] = await db
    .insert(orders)
    .values({
      id,
      orderKey: randomUUID(),
      status: 'created',
      operatorId: 341,
      operatorName: 'MTN Nigeria',
      countryIso: 'NG',
      recipientPhone: '08031234567',
      amountCents: 500,
      percentageFeeCents: 25,
      standardFeeCents: 50,
      totalCents: 575,
      destinationCurrencyCode: 'NGN',
      paymentProvider: 'sandbox',
      paymentId: `pi_${id.replaceAll('-', '')}`,
      customIdentifier: `topup-${id}`,
      ...values,
    })
    .returning();
  return row!;
}

export async function insertOrderEvent(db: Database, values: typeof orderEvents.$inferInsert): Promise<void> {
  await db.insert(orderEvents).values(values);
}
