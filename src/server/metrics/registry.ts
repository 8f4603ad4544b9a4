import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { onStatementSent } from '../db/client';

/**
 * The process's own metrics (docs/decisions/017-…): what every part of the server counts as it works, kept once per
 * process whatever number of apps it builds (tests build many). What belongs to one app (its database pool, its
 * reconciler's backlog) is collected by that app at scrape time, in metrics/scrape.ts.
 *
 * Counting must cost nothing measurable per order: each hot-path call is one increment or one observation on a
 * metric whose label values come from short fixed lists (statuses, operations, route patterns), never from ids.
 */
export const processRegistry = new Registry();

collectDefaultMetrics({ register: processRegistry });

/** Seconds, from 5 ms to 10 s: an API answer, a provider call, a database round trip. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds, from 100 ms to a day: an order's way from the card's hold to the top-up and to the capture. */
const ORDER_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600, 4 * 3600, 24 * 3600];

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: REQUEST_BUCKETS,
  registers: [processRegistry],
});

export const orderTransitions = new Counter({
  name: 'order_transitions_total',
  help: "Orders moved along the state machine, by the status they left and the one they reached ('none' for a new order)",
  labelNames: ['from', 'to'] as const,
  registers: [processRegistry],
});

export const authorisationToDelivery = new Histogram({
  name: 'order_authorisation_to_delivery_seconds',
  help: "Time from an order's payment authorisation to its top-up recorded as delivered",
  buckets: ORDER_BUCKETS,
  registers: [processRegistry],
});

export const authorisationToCapture = new Histogram({
  name: 'order_authorisation_to_capture_seconds',
  help: "Time from an order's payment authorisation to its capture (the order completed)",
  buckets: ORDER_BUCKETS,
  registers: [processRegistry],
});

export const providerCalls = new Counter({
  name: 'provider_calls_total',
  help: 'Calls to the payment and top-up providers, by provider, operation and outcome (ok, refused, error)',
  labelNames: ['provider', 'operation', 'outcome'] as const,
  registers: [processRegistry],
});

export const providerCallDuration = new Histogram({
  name: 'provider_call_duration_seconds',
  help: 'Time a call to a payment or top-up provider took, by provider, operation and outcome',
  labelNames: ['provider', 'operation', 'outcome'] as const,
  buckets: REQUEST_BUCKETS,
  registers: [processRegistry],
});

export const databaseQueries = new Counter({
  name: 'db_queries_total',
  help: 'Statements sent to PostgreSQL, each one round trip (transaction BEGIN and COMMIT included)',
  registers: [processRegistry],
});

onStatementSent(() => databaseQueries.inc());
