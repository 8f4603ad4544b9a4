/**
 * The checkout benchmark's floor: Fastify and `pg` only, answering the requests the benchmark's customers send for an
 * order (sign-up, the offer, checkout, the sandbox confirmation, the top-up call) with the statements the product
 * sends for them (ADR 027, 029, 031 and src/server/orders/checkout-round-trips.test.ts), each a prepared statement:
 * the session, the facts with the request limits' count, the sandbox intent, the order; the authorisation of the
 * intent; the session, the intent read, the order's authorisation and claim, the sandbox's send, the capture, the
 * delivery and completion. No auth library, no validation beyond what the statements need, no logging, no metrics
 * but the statement count. What the product costs above it is what its code costs.
 *
 * Run by itself (`npx tsx bench/checkout-floor.ts`) it serves DATABASE_URL, a database the product has migrated, and
 * prints its port.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import pg from 'pg';
import { formatUsd, parseFeeConfig, priceTopUp, toCents } from '../src/shared/pricing';

/** Statuses that hold money or a delivery: the spend and cooldown checks count them (as the product's statements do). */
const LIVE = '{authorised,delivering,delivery_pending,delivered,capture_failed,completed,refunding,refund_failed}';
const DAILY_SPEND_LIMIT_CENTS = 20_000;
const COOLDOWN_MINUTES = 2;
const CHECKOUTS_PER_MINUTE = 3;
/** The product's defaults: 3 checkouts a minute per user (service_limits overrides it), 20 per address in 10 minutes. */
const CHECKOUTS_PER_ADDRESS = 20;
const ADDRESS_WINDOW_MS = 10 * 60_000;
const DAY_MS = 86_400_000;
/** The sandbox's rate, and when an unpaid order is looked at again (the reconciler's work, not the floor's). */
const NGN_PER_CENT = 15;
const CHECK_AFTER_MS = 15 * 60_000;
/** The product's pool size. */
const MAX_CONNECTIONS = 10;
const OPERATOR = { operatorId: 341, name: 'MTN Nigeria' };

const statement = (name: string, text: string) => (values: unknown[]) => ({ name: `floor_${name}`, text, values });

const SESSION = statement(
  'session',
  `select u.id, u.email, u.blocked_at from session s join "user" u on u.id = s.user_id
    where s.token = $1 and s.expires_at > now() and u.deleted_at is null`,
);

const FACTS = statement(
  'facts',
  `with counted as (
     insert into attempt_counts (key, window_started_at, count)
     select v.key, $1::timestamptz, 1 from (values (1, $2::text), (2, $3::text)) v(position, key)
      where not exists (select id from orders where user_id = $4 and order_key = $5)
      order by v.position
     on conflict (key) do update set
       window_started_at = case when attempt_counts.window_started_at <= case attempt_counts.key when $2 then $6::timestamptz else $11::timestamptz end
         then $1::timestamptz else attempt_counts.window_started_at end,
       count = case when attempt_counts.window_started_at <= case attempt_counts.key when $2 then $6::timestamptz else $11::timestamptz end
         then 1 else attempt_counts.count + 1 end
      where attempt_counts.window_started_at <= case attempt_counts.key when $2 then $6::timestamptz else $11::timestamptz end
         or attempt_counts.count < case attempt_counts.key
              when $2 then coalesce((select checkout_attempts_per_minute from service_limits), ${CHECKOUTS_PER_MINUTE})
              else ${CHECKOUTS_PER_ADDRESS} end
     returning key)
   select (select value from price_config where key = 'airtime_fee') as airtime_fee,
          (select value from price_config where key = 'standard_fee') as standard_fee,
          (select id from orders where user_id = $4 and order_key = $5) as existing,
          (select max(created_at) from orders where country_iso = $7 and recipient_phone = $8 and status = any('${LIVE}'::text[])
              and created_at > $9::timestamptz) as latest,
          (select coalesce(sum(total_cents), 0) from orders where user_id = $4 and order_key <> $5 and status = any('${LIVE}'::text[])
              and created_at > $10::timestamptz) as spent,
          array(select key from counted) as counted`,
);

const INTENT_INSERT = statement(
  'intent_insert',
  `insert into sandbox_payment_intents (id, client_secret, amount, currency, status, capture_method, receipt_email, metadata,
     idempotency_key, created_at, updated_at)
   values ($1, $2, $3, 'usd', 'requires_payment_method', 'manual', $4, $5, $6, $7, $7)
   on conflict (idempotency_key) do nothing returning id, client_secret, status`,
);

const ORDER_INSERT = statement(
  'order_insert',
  `with inserted as (
     insert into orders (id, user_id, order_key, status, operator_id, operator_name, country_iso, recipient_phone, amount_cents,
       percentage_fee_cents, standard_fee_cents, total_cents, receipt_email, payment_provider, payment_intent_id,
       custom_identifier, local_amount, destination_currency_code, next_check_at, created_at, updated_at)
     select $1::uuid, $2::text, $3::text, 'created', $4::integer, $5::text, $6::text, $7::text, $8::integer, $9::integer,
       $10::integer, $11::integer, $12::text, 'sandbox', $13::text, $14::text, $16::numeric(20, 2), 'NGN',
       $17::timestamptz, $15::timestamptz, $15::timestamptz
      where exists (select 1 from "user" where id = $2 and deleted_at is null for key share)
     on conflict (user_id, order_key) do nothing
     returning *
   ), recorded as (
     insert into order_events (order_id, from_status, to_status, source, created_at)
     select id, null, status, 'checkout', created_at from inserted
   )
   select id from inserted`,
);

const INTENT_AUTHORISE = statement(
  'intent_authorise',
  `update sandbox_payment_intents set status = 'requires_capture', payment_method_type = 'card', updated_at = $1::timestamptz
    where id = $2 and sha256(convert_to(client_secret, 'UTF8')) = sha256(convert_to($3, 'UTF8'))
      and status in ('requires_payment_method', 'requires_confirmation', 'requires_action')
   returning id, status, amount`,
);

const INTENT_BY_ID = statement('intent_by_id', `select id, status, amount, metadata from sandbox_payment_intents where id = $1`);

const ORDER_CLAIM = statement(
  'order_claim',
  `with previous as (
     select id, status from orders
      where id = $1::uuid and status = 'created' and user_id = $2 and (
        select coalesce(sum(r.total_cents) filter (where r.user_id = orders.user_id and r.created_at > $3::timestamptz
                 and r.status = any('${LIVE}'::text[])), 0) + orders.total_cents
                 <= coalesce((select daily_spend_limit_cents from service_limits), ${DAILY_SPEND_LIMIT_CENTS})
           and not coalesce(bool_or(r.id <> orders.id and r.same_number and r.status = any('${LIVE}'::text[])
                 and r.authorised_at > $4::timestamptz - make_interval(mins => coalesce((select recipient_cooldown_minutes from service_limits), ${COOLDOWN_MINUTES}))), false)
          from (
            select o.id, o.user_id, o.status, o.total_cents, o.created_at, o.authorised_at,
                   (o.country_iso = orders.country_iso and o.recipient_phone = orders.recipient_phone) as same_number
              from orders o
             where (o.user_id = orders.user_id and o.created_at > $3::timestamptz)
                or (o.country_iso = orders.country_iso and o.recipient_phone = orders.recipient_phone
                    and o.status = any('{created,${LIVE.slice(1)}'::text[])
                    and (o.authorised_at is null or o.authorised_at > $4::timestamptz - make_interval(mins => coalesce((select recipient_cooldown_minutes from service_limits), ${COOLDOWN_MINUTES}))))
             order by o.id
             for update
          ) r)
      for update
   ), moved as (
     update orders set authorised_at = $4::timestamptz, claimed_at = $4::timestamptz, status = 'delivering',
       next_check_at = $4::timestamptz + interval '2 minutes', updated_at = $4::timestamptz
       from previous where orders.id = previous.id
     returning orders.*, previous.status as previous_status
   ), recorded as (
     insert into order_events (order_id, from_status, to_status, source, created_at)
     select id, previous_status, 'authorised', 'browser', $4::timestamptz from moved
     union all select id, 'authorised', status, 'browser', $4::timestamptz from moved
   )
   select id, custom_identifier, operator_id, operator_name, country_iso, recipient_phone, amount_cents, total_cents from moved`,
);

const TOPUP_SEND = statement(
  'topup_send',
  `with recent as (
     select custom_identifier from sandbox_topups
      where recipient_phone = $1 and created_at > $2::timestamptz and status in ('SUCCESSFUL', 'PROCESSING') limit 1
   ), inserted as (
     insert into sandbox_topups (custom_identifier, operator_id, operator_name, country_iso, recipient_phone, status,
       requested_amount, delivered_amount, delivered_currency_code, pin, created_at)
     select $3::text, $4::integer, $5::text, $6::text, $1::text, 'SUCCESSFUL', $7::numeric(20, 2), $8::numeric(20, 4), 'NGN', false, $9::timestamptz
      where not exists (select 1 from recent where custom_identifier <> $3)
     on conflict (custom_identifier) do nothing
     returning *
   )
   select recent.custom_identifier as recent_identifier, inserted.transaction_id as id, inserted.status
     from (select 1) as one left join recent on true left join inserted on true`,
);

const INTENT_CAPTURE = statement(
  'intent_capture',
  `update sandbox_payment_intents set status = 'succeeded', amount_received = amount, updated_at = $1::timestamptz
    where id = $2 and status in ('requires_capture') returning id, status, amount_received`,
);

const ORDER_COMPLETE = statement(
  'order_complete',
  `with previous as (
     select id, status from orders where id = $1::uuid and status = 'delivering' for update
   ), moved as (
     update orders set delivered_amount = $2::numeric(20, 4), delivered_at = $3::timestamptz, delivered_currency_code = 'NGN',
       finished_at = $3::timestamptz, next_check_at = null, operator_transaction_id = $4::text, status = 'completed',
       topup_transaction_id = $5::text, transaction_date = $6::text, updated_at = $3::timestamptz
       from previous where orders.id = previous.id
     returning orders.*, previous.status as previous_status
   ), recorded as (
     insert into order_events (order_id, from_status, to_status, source, created_at)
     select id, previous_status, 'delivered', 'browser', $3::timestamptz from moved
     union all select id, 'delivered', status, 'browser', $3::timestamptz from moved
   ), recipient_saved as (
     insert into saved_recipients (user_id, country_iso, national_number, operator_id, operator_name, last_topped_up_at, created_at, updated_at)
     select user_id, country_iso, recipient_phone, operator_id, operator_name, $3::timestamptz, $3::timestamptz, $3::timestamptz from moved
     on conflict (user_id, country_iso, national_number) do update set operator_id = excluded.operator_id,
       operator_name = excluded.operator_name,
       last_topped_up_at = greatest(saved_recipients.last_topped_up_at, excluded.last_topped_up_at), updated_at = excluded.updated_at
   ), receipt_queued as (
     insert into receipt_outbox (order_id, kind, created_at, next_attempt_at)
     select id, 'completed', $3::timestamptz, $3::timestamptz from moved
     on conflict (order_id, kind) do nothing
   )
   select id, status from moved`,
);

const SESSION_COOKIE = 'floor_session';

function clientAddress(request: FastifyRequest): string {
  const forwarded = request.headers['x-forwarded-for'];
  return (typeof forwarded === 'string' ? forwarded.split(',')[0]!.trim() : undefined) ?? request.ip;
}

function sessionToken(request: FastifyRequest): string | undefined {
  const cookie = request.headers.cookie ?? '';
  for (const pair of cookie.split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === SESSION_COOKIE) return value;
  }
  return undefined;
}

/** How the floor sends a statement: a pg pool prepares it under its name; the unit test runs it on PGlite too. */
export type FloorQuery = (statement: { name: string; text: string; values: unknown[] }) => Promise<{ rows: unknown[] }>;

export const poolQuery =
  (pool: pg.Pool): FloorQuery =>
  (config) =>
    pool.query(config);

/** The floor server; `statements()` is how many it has sent the database. */
export function createCheckoutFloor(send: FloorQuery): { app: FastifyInstance; statements: () => number } {
  let sent = 0;
  const query = async <Row>(config: { name: string; text: string; values: unknown[] }) => {
    sent++;
    const { rows } = await send(config);
    return { rows: rows as Row[] };
  };
  const app = Fastify();

  async function signedIn(request: FastifyRequest) {
    const token = sessionToken(request);
    if (token === undefined) return undefined;
    const { rows } = await query<{ id: string; email: string; blocked_at: Date | null }>(SESSION([token]));
    const user = rows[0];
    return user && user.blocked_at === null ? user : undefined;
  }

  app.post<{ Body: { email: string } }>('/api/auth/sign-up/email', async (request, reply) => {
    const userId = randomUUID();
    const token = randomBytes(24).toString('base64url');
    await query(statement('sign_up_user', `insert into "user" (id, name, email) values ($1, '', $2)`)([userId, request.body.email]));
    await query(
      statement(
        'sign_up_session',
        `insert into session (id, token, expires_at, updated_at, user_id) values ($1, $2, now() + interval '7 days', now(), $3)`,
      )([randomUUID(), token, userId]),
    );
    void reply.header('set-cookie', `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax`);
    return { user: { id: userId, email: request.body.email } };
  });

  app.get('/api/reloadly/operator-detect/:phone/:country', async () => ({
    data: { ...OPERATOR, denominationType: 'RANGE', fixedAmounts: [], minAmount: 1, maxAmount: 50 },
  }));

  app.get('/api/price-config', async () => {
    const { rows } = await query<{ key: string; value: string }>(statement('price_config', `select key, value from price_config`)([]));
    return Object.fromEntries(rows.map((row) => [row.key, row.value]));
  });

  app.post<{ Body: { amount: string; operatorId: number; countryCode: string; phone: string; orderKey: string } }>(
    '/api/create-payment-intent',
    async (request, reply) => {
      const user = await signedIn(request);
      if (!user) return reply.code(401).send({ error: 'Sign in' });
      const { amount, operatorId, countryCode, phone, orderKey } = request.body;
      const now = new Date();
      const minuteAgo = new Date(now.getTime() - 60_000);
      const { rows } = await query<{
        airtime_fee: string | null;
        standard_fee: string | null;
        existing: string | null;
        latest: Date | null;
        spent: string;
        counted: string[];
      }>(
        FACTS([
          now,
          `checkout:${user.id}`,
          `checkout-address:${clientAddress(request)}`,
          user.id,
          orderKey,
          minuteAgo,
          countryCode,
          phone,
          new Date(now.getTime() - COOLDOWN_MINUTES * 60_000),
          new Date(now.getTime() - DAY_MS),
          new Date(now.getTime() - ADDRESS_WINDOW_MS),
        ]),
      );
      const facts = rows[0]!;
      if (facts.existing !== null) return reply.code(409).send({ error: 'This order exists' });
      if (facts.counted.length < 2) return reply.code(429).send({ error: 'Too many checkouts' });
      if (facts.latest !== null) return reply.code(409).send({ error: 'This number was topped up a moment ago' });
      const price = priceTopUp(toCents(amount), parseFeeConfig(facts));
      const orderId = randomUUID();
      const intentId = `pi_${randomBytes(12).toString('hex')}`;
      const clientSecret = `${intentId}_secret_${randomBytes(12).toString('hex')}`;
      await query(
        INTENT_INSERT([intentId, clientSecret, price.totalCents, user.email, { orderId, userId: user.id }, `checkout:${user.id}:${orderKey}`, now]),
      );
      const inserted = await query(
        ORDER_INSERT([
          orderId,
          user.id,
          orderKey,
          operatorId,
          OPERATOR.name,
          countryCode,
          phone,
          price.amountCents,
          price.percentageFeeCents,
          price.standardFeeCents,
          price.totalCents,
          user.email,
          intentId,
          `topup-${orderId}`,
          now,
          (price.amountCents * NGN_PER_CENT).toFixed(2),
          new Date(now.getTime() + CHECK_AFTER_MS),
        ]),
      );
      if (inserted.rows.length !== 1) return reply.code(409).send({ error: 'This order exists' });
      return {
        success: true,
        clientSecret,
        paymentIntentId: intentId,
        orderId,
        amount: formatUsd(price.amountCents),
        fee: formatUsd(price.serviceFeeCents),
        totalAmount: formatUsd(price.totalCents),
      };
    },
  );

  app.post<{ Params: { id: string }; Body: { clientSecret: string } }>('/api/sandbox-payments/:id/confirm', async (request, reply) => {
    const { rows } = await query<{ id: string; status: string; amount: number }>(
      INTENT_AUTHORISE([new Date(), request.params.id, request.body.clientSecret]),
    );
    const intent = rows[0];
    if (!intent) return reply.code(402).send({ error: { type: 'invalid_request_error', message: 'No such payment intent' } });
    return { paymentIntent: { id: intent.id, status: intent.status, amount: intent.amount } };
  });

  app.post<{ Body: { paymentIntentId: string; recipientPhone: { countryCode: string; number: string } } }>(
    '/api/reloadly/topup',
    async (request, reply) => {
      const user = await signedIn(request);
      if (!user) return reply.code(401).send({ error: 'Sign in' });
      const { rows: intents } = await query<{ id: string; status: string; metadata: { orderId: string; userId: string } }>(
        INTENT_BY_ID([request.body.paymentIntentId]),
      );
      const intent = intents[0];
      if (!intent || intent.metadata.userId !== user.id || intent.status !== 'requires_capture') return reply.code(409).send({ error: 'Not paid' });
      const now = new Date();
      const { rows: claimed } = await query<{
        id: string;
        custom_identifier: string;
        operator_id: number;
        operator_name: string;
        country_iso: string;
        recipient_phone: string;
        amount_cents: number;
      }>(ORDER_CLAIM([intent.metadata.orderId, user.id, new Date(now.getTime() - DAY_MS), now]));
      const order = claimed[0];
      if (!order) return reply.code(409).send({ error: 'The order cannot be delivered' });
      const amount = formatUsd(order.amount_cents);
      const delivered = (order.amount_cents * NGN_PER_CENT).toFixed(4);
      const { rows: sent } = await query<{ id: number | null; status: string | null }>(
        TOPUP_SEND([
          order.recipient_phone,
          new Date(now.getTime() - COOLDOWN_MINUTES * 60_000),
          order.custom_identifier,
          order.operator_id,
          order.operator_name,
          order.country_iso,
          amount,
          delivered,
          now,
        ]),
      );
      const topup = sent[0]!;
      if (topup.id === null) return reply.code(409).send({ error: 'The number was topped up a moment ago' });
      const { rows: captured } = await query(INTENT_CAPTURE([now, intent.id]));
      if (captured.length !== 1) return reply.code(409).send({ error: 'The payment was not captured' });
      await query(ORDER_COMPLETE([order.id, delivered, now, `op-${topup.id}`, String(topup.id), now.toISOString()]));
      return {
        success: true,
        orderId: order.id,
        status: 'SUCCESSFUL',
        recipientPhone: order.recipient_phone,
        operatorName: order.operator_name,
        requestedAmount: Number(amount),
        requestedAmountCurrencyCode: 'USD',
        deliveredAmount: Number(delivered),
        deliveredAmountCurrencyCode: 'NGN',
      };
    },
  );

  // The benchmark reads its round trips here, as from the product's /metrics.
  app.get('/metrics', async (_request, reply) =>
    reply.type('text/plain').send(`db_pool_max_connections ${MAX_CONNECTIONS}\ndb_queries_total ${sent}\n`),
  );

  return { app, statements: () => sent };
}

if (process.argv[1]?.endsWith('checkout-floor.ts')) {
  const { app } = createCheckoutFloor(poolQuery(new pg.Pool({ connectionString: process.env.DATABASE_URL, max: MAX_CONNECTIONS })));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(typeof address === 'object' && address ? address.port : address);
}
