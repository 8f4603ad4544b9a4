import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { promoteConfiguredAdmins } from './auth/admins';
import { AUTH_BASE_PATH, createAuth, type Auth } from './auth/auth';
import { createGuards } from './auth/guards';
import { createSessionReader } from './auth/session-reader';
import type { Config } from './config';
import { createAttemptCounts } from './db/attempt-counts';
import type { DatabaseHandle } from './db/client';
import { registerAccountRoutes } from './http/account';
import { isApiRoute } from './http/api-route';
import { registerAdminRoutes } from './http/admin';
import { registerAuthRoutes } from './http/auth';
import { registerCatalogRoutes } from './http/catalog';
import { inlineScriptHashes, registerClientApp, registerClientAssets } from './http/client-app';
import { registerApiCompression } from './http/content-encoding';
import { registerContactRoutes } from './http/contact';
import { registerCrossSiteProtection } from './http/cross-site';
import { registerDevOutboxRoutes } from './http/dev-outbox';
import { handleError } from './http/errors';
import { registerFlagRoutes } from './http/flags';
import { registerHealthRoutes } from './http/health';
import { registerJsonBodyParser } from './http/json-body';
import { createMailer, type Mailer } from './mail/mailer';
import { startReceiptSender } from './orders/receipt-sender';
import { registerOrderRoutes } from './http/orders';
import { registerPromoCodeRoutes } from './http/promo-codes';
import { registerReferralRoutes } from './http/referrals';
import { startReferralRewards } from './referrals/rewards';
import { registerRecipientRoutes } from './http/recipients';
import { registerSavedCardRoutes } from './http/saved-cards';
import { registerAutoTopupRoutes } from './http/auto-topups';
import { autoTopupLinkKey } from './auto-topups/links';
import { runAutoTopups, startAutoTopups, type AutoTopupDeps } from './auto-topups/runner';
import type { RepeatingJob } from './repeating-job';
import { registerSandboxPaymentRoutes } from './http/sandbox-payments';
import { registerTopupRequestRoutes } from './http/topup-requests';
import { startPaidRequestNotices } from './topup-requests/paid-requests';
import { registerYourDataRoutes } from './http/your-data';
import { createFulfilment } from './orders/fulfilment';
import { declineRate } from './orders/decline-rate';
import { handlePaymentEvent } from './orders/payment-events';
import { startReconciler } from './orders/reconciler';
import { defaultAlertThresholds, readAlertThresholds } from './alerts/alert-settings';
import { startBusinessChecks } from './alerts/job';
import { createWalletGauge } from './alerts/wallet-balance';
import type { OrderServices } from './orders/services';
import { createServiceLimits, defaultServiceLimits } from './orders/service-limits';
import { createPaymentProvider } from './payments';
import { withStripeDirectives } from './payments/stripe/content-security-policy';
import type { PaymentEvent, PaymentProvider } from './payments/provider';
import { createTopupProvider } from './topups';
import type { OperatorDirectory, PromotionSource, TopupDelivery } from './topups/provider';
import { createPinVault } from './orders/pin-vault';
import { resolveAuthSecret } from './auth/secret';
import { createCatalogue } from './catalog/catalogue';
import { openSharedState, type SharedState } from './shared-state';
import { measuredPayments, measuredTopups } from './metrics/providers';
import { httpRequestDuration } from './metrics/registry';
import { bearerTokenMatches, createAppMetrics, type AppMetrics } from './metrics/scrape';
import { DomainError } from './domain-error';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus metrics: GET /metrics answers them, or the separate metrics port (start.ts). */
    metrics: AppMetrics;
    /** One pass of the auto top-ups' reminders and charges now (ADR 068); tests drive it with their clock. */
    autoTopups: { run(options?: Partial<AutoTopupDeps>): ReturnType<typeof runAutoTopups> };
  }
}

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Operator lookups as the provider answers them; chosen from the config (Reloadly or the sandbox) when not given. */
  operators?: OperatorDirectory;
  /** The operators' promotions; chosen from the config with the operators when not given. */
  promotions?: PromotionSource;
  /** Top-up sending; chosen from the config with the operators when not given. */
  topups?: TopupDelivery;
  /** Card payments; Stripe or the sandbox, from the config, when not given. */
  payments?: PaymentProvider;
  /** Whether the order reconciler runs in the background (at start, then every 30 s). Tests drive it themselves. */
  reconciler?: boolean;
  /**
   * Whether the auto top-ups' reminders and charges run in the background (at start, then every minute); as the
   * reconciler when not given. Tests drive them themselves (app.autoTopups.run).
   */
  autoTopups?: boolean;
  /** Whether receipts are e-mailed in the background (at start, when an order's move queues one, then every 30 s). */
  receiptSender?: boolean;
  /**
   * Whether the business checks run in the background (the alerts, the wallet's balance; at start, then every minute).
   * The server's start turns them on; tests drive them themselves.
   */
  businessChecks?: boolean;
  /** Where log lines go (standard output when unset); tests read them from here. */
  logStream?: DestinationStream;
  /** Outgoing e-mail; SMTP or the outbox table, from the config, when not given. */
  mailer?: Mailer;
  /** Better Auth; built from the config, the database and the mailer when not given. */
  auth?: Auth;
  /** The clock of the attempt limits and the order code; tests move it forward. */
  now?: () => Date;
  /** How long a request may take to arrive in full (REQUEST_TIMEOUT_MS unless a test shortens it). */
  requestTimeoutMs?: number;
  /**
   * What the instances share in Redis (REDIS_URL); opened from the config when not given, and then closed with the
   * app. Tests pass their own to look at it.
   */
  sharedState?: SharedState;
}

export const REQUEST_TIMEOUT_MS = 30_000;

/** Features no page of the product uses, refused to every document and frame (Stripe's included). */
const PERMISSIONS_POLICY = 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), usb=(), browsing-topics=()';

/**
 * TRUST_PROXY as Fastify takes it. A hop count believes the last N hops whoever connects (Fastify alone would believe
 * none), so it is only for a server that nothing but its proxies can reach.
 */
function trustedProxies(setting: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/**
 * GET /metrics on the server's own port, for requests bearing METRICS_TOKEN (docs/decisions/017-…). With METRICS_PORT
 * the metrics are served on that port instead (start.ts) and not here; with neither, nowhere.
 */
function registerMetricsRoute(app: FastifyInstance, { token, port }: Config['metrics']) {
  if (token === undefined || port !== undefined) {
    // Not the client app's page either: a scraper pointed here learns plainly that nothing is served.
    app.get('/metrics', async () => {
      throw new DomainError('not_found', 'NOT_FOUND', { text: 'Not found' });
    });
    return;
  }
  app.get('/metrics', async (request, reply) => {
    if (!bearerTokenMatches(request.headers.authorization, token)) {
      reply.header('WWW-Authenticate', 'Bearer');
      throw new DomainError('unauthenticated', undefined, { text: 'A valid metrics token is required' });
    }
    return reply.type(app.metrics.contentType).send(await app.metrics.text());
  });
}

/** Builds the whole server (API + built client) from a config and an open, migrated database. */
export async function buildApp({
  config,
  database,
  operators,
  promotions,
  topups,
  payments,
  reconciler = true,
  autoTopups = reconciler,
  receiptSender = true,
  businessChecks = false,
  logStream,
  mailer,
  auth,
  now,
  requestTimeoutMs = REQUEST_TIMEOUT_MS,
  sharedState,
}: AppDependencies): Promise<FastifyInstance> {
  const httpsOnly = config.publicUrl.startsWith('https://');
  const app = Fastify({
    logger: logStream ? { level: config.logLevel, stream: logStream } : { level: config.logLevel },
    // Fastify's own two lines per request are replaced by the single line of the onResponse hook below.
    logController: new LogController({ disableRequestLogging: true }),
    // Forwarding headers are believed only from the proxies TRUST_PROXY names; request.ip is the client's address.
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: 100 * 1024,
    // A request (headers and body) that has not fully arrived by then is cut: a client trickling its body a byte at a
    // time cannot hold a connection open. Node checks open requests at the interval given here.
    requestTimeout: requestTimeoutMs,
    http: { requestTimeout: requestTimeoutMs, connectionsCheckingInterval: Math.min(requestTimeoutMs, 5_000) },
  });

  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
    // By route pattern (/api/orders/:id), never by URL, so that the label values stay few.
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequestDuration.observe({ method: request.method, route, status: reply.statusCode }, reply.elapsedTime / 1000);
    done();
  });
  // Every answer, JSON or file, is to be read as the type it declares. The policy on features is for what may run:
  // pages and API answers, not the app's files and flags (scripts, styles and images that run nothing; ADR 016).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    if (!request.url.startsWith('/assets/') && !request.url.startsWith('/flags/')) reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    done();
  });
  // API answers carry personal data and secrets (sessions, two-factor secrets, orders): no browser or proxy keeps them,
  // unless a route says otherwise (the public catalog).
  app.addHook('onSend', (request, reply, _payload, done) => {
    if (isApiRoute(request) && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    done();
  });
  registerApiCompression(app);
  app.setErrorHandler(handleError);
  registerJsonBodyParser(app);
  const shared = sharedState ?? openSharedState(config, app.log);
  if (!sharedState) app.addHook('onClose', () => shared.close());
  await shared.redis?.connected();
  await app.register(rateLimit, {
    global: false,
    // Counted in the shared Redis when there is one (in this process while it cannot be reached).
    ...(shared.rateLimitStore ? { store: shared.rateLimitStore } : {}),
    // The plugin has set Retry-After itself. It answers 429 only: no ban is configured.
    errorResponseBuilder: () => new DomainError('rate_limited', 'RATE_LIMITED', { key: 'apiErrors.rateLimited' }),
  });

  registerCrossSiteProtection(app, { publicUrl: config.publicUrl });
  app.decorateRequest('account', null);

  // Stands in for Google without credentials, in development and tests (never in production unless LOCAL_OIDC=true).
  // Loaded only then, so a production start does not pay for oidc-provider.
  const attemptCounts = createAttemptCounts(database.db, now);
  const localOidcModules = config.localOidc ? await Promise.all([import('./auth/local-oidc'), import('./http/local-oidc')]) : undefined;
  const localOidc = localOidcModules?.[0].createLocalOidc({
    publicUrl: config.publicUrl,
    behindProxy: config.trustProxy !== false,
    callbackUrl: `${config.publicUrl}${AUTH_BASE_PATH}/callback/google`,
  });
  const outgoingMail = mailer ?? createMailer(config, database.db, app.log);
  const accountsAuth =
    auth ??
    createAuth({
      config,
      db: database.db,
      mailer: outgoingMail,
      log: (level, message) => app.log[level]({ component: 'better-auth' }, message),
      localOidc,
      attemptCounts,
      authStorage: shared.authStorage,
    });
  for (const promoted of await promoteConfiguredAdmins(database.db, config.adminEmails)) await shared.sessions.forgetUser(promoted);
  const guards = createGuards({
    auth: accountsAuth,
    reader: createSessionReader(accountsAuth, database.db),
    ...(shared.authStorage ? { freshUserFrom: database.db } : {}),
  });
  await registerAuthRoutes(app, { auth: accountsAuth, config, db: database.db });
  registerAccountRoutes(app, { auth: accountsAuth, db: database.db, guards, sessions: shared.sessions });
  registerYourDataRoutes(app, {
    auth: accountsAuth,
    db: database.db,
    guards,
    sessions: shared.sessions,
    counts: attemptCounts,
    now: now ?? (() => new Date()),
    // Made further down; read when an account is deleted, to detach its saved cards.
    payments: () => orderServices.payments,
  });
  if (config.nodeEnv !== 'production') registerDevOutboxRoutes(app, { db: database.db });
  if (localOidcModules && localOidc) await localOidcModules[1].registerLocalOidcRoutes(app, { oidc: localOidc });

  registerHealthRoutes(app, { database, redis: shared.redis });
  const alertDefaults = defaultAlertThresholds(config);
  app.decorate(
    'metrics',
    createAppMetrics({
      database,
      now,
      readDeclineRate: async (at) => declineRate(database.db, at, (await readAlertThresholds(database.db, alertDefaults)).decline),
    }),
  );
  registerMetricsRoute(app, config.metrics);
  registerContactRoutes(app, { db: database.db, counts: attemptCounts });
  const topupProvider = measuredTopups(createTopupProvider(config, database.db), config.reloadly ? 'reloadly' : 'sandbox');
  // The catalogue's switches apply on top of whichever provider lists the operators.
  const catalogue = createCatalogue({
    db: database.db,
    provider: config.reloadly ? 'reloadly' : 'sandbox',
    blocked: config.blockedDestinations,
    operators: operators ? measuredTopups(operators, 'injected') : topupProvider,
    promotions: promotions ? measuredTopups(promotions, 'injected') : topupProvider,
    ...(now ? { clock: now } : {}),
  });
  app.decorate('dropCatalogueCaches', () => catalogue.dropCaches());
  const clock = now ?? (() => new Date());
  const limits = createServiceLimits(database.db, { defaults: defaultServiceLimits(config.dailySpendLimitCents), now: clock });
  // An admin's change on any instance drops the copies of every instance (shared-state/changes.ts).
  shared.changes.on('catalogue', () => catalogue.dropCaches());
  shared.changes.on('service-limits', () => limits.invalidate());
  // The top-up wallet's last known balance, refreshed by the business checks and by this instance's top-ups.
  const walletGauge = createWalletGauge();
  const sandboxEvents = { deliver: (event: PaymentEvent) => handlePaymentEvent(orderServices, fulfilment, event), log: app.log };
  const orderServices: OrderServices = {
    db: database.db,
    // The sandbox's own events (a test card's dispute) go where Stripe's webhooks go; they come only after a capture,
    // so never before the fulfilment below exists.
    payments: measuredPayments(payments ?? (await createPaymentProvider(config, database.db, sandboxEvents))),
    topups: topups ? measuredTopups(topups, 'injected') : topupProvider,
    operators: catalogue.servedOperators,
    destinations: catalogue.switches,
    now: clock,
    log: app.log,
    limits,
    pinVault: createPinVault(resolveAuthSecret(config)),
    lowWalletBalance: config.lowWalletBalance,
    declineAlert: config.declineAlert,
    wallet: walletGauge,
  };
  if (config.stripe && !config.stripe.webhookSecret) {
    app.log.warn('STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks will be refused and paid orders whose browser went away wait for the reconciler');
  }
  const fulfilment = createFulfilment(orderServices);
  await registerAdminRoutes(app, {
    db: database.db,
    guards,
    alertDefaults,
    now: clock,
    limits,
    orderServices,
    fulfilment,
    // The console's catalogue changes drop the copies of every instance, this one first.
    catalogue: { ...catalogue, dropCaches: () => shared.changes.announce('catalogue') },
    sessions: shared.sessions,
    changes: shared.changes,
    disputeEvidence: { publicUrl: config.publicUrl, merchant: config.merchant },
  });
  registerCatalogRoutes(app, {
    db: database.db,
    operators: orderServices.operators,
    promotions: catalogue.servedPromotions,
    counts: attemptCounts,
    countryList: catalogue.countryList,
    provider: catalogue.switches.provider,
  });
  registerOrderRoutes(app, { services: orderServices, fulfilment, guards, counts: attemptCounts, merchant: config.merchant });
  registerPromoCodeRoutes(app, { services: orderServices, guards });
  registerReferralRoutes(app, { services: orderServices, guards, publicUrl: config.publicUrl });
  registerTopupRequestRoutes(app, {
    services: { db: database.db, destinations: catalogue.switches, limits, counts: attemptCounts, now: clock },
    guards,
  });
  registerRecipientRoutes(app, {
    db: database.db,
    guards,
    counts: attemptCounts,
    operators: orderServices.operators,
    destinations: orderServices.destinations,
    now: clock,
  });
  registerSavedCardRoutes(app, { db: database.db, guards, payments: orderServices.payments, now: clock });
  const autoTopupDeps: AutoTopupDeps = {
    services: orderServices,
    fulfilment,
    mailer: outgoingMail,
    publicUrl: config.publicUrl,
    linkKey: autoTopupLinkKey(resolveAuthSecret(config)),
    reminderMinutes: config.autoTopupReminderMinutes,
    log: app.log,
  };
  registerAutoTopupRoutes(app, { services: orderServices, guards, reminderMinutes: config.autoTopupReminderMinutes, linkKey: autoTopupDeps.linkKey });
  app.decorate('autoTopups', { run: (options: Partial<AutoTopupDeps> = {}) => runAutoTopups({ ...autoTopupDeps, ...options }) });
  if (autoTopups) {
    let running: RepeatingJob | undefined;
    app.addHook('onReady', async () => {
      running = startAutoTopups(autoTopupDeps);
    });
    app.addHook('onClose', async () => {
      await running?.stop();
    });
  }
  if (orderServices.payments.kind === 'sandbox') registerSandboxPaymentRoutes(app, { db: database.db, events: sandboxEvents });
  if (reconciler) {
    let running: ReturnType<typeof startReconciler> | undefined;
    app.addHook('onReady', async () => {
      running = startReconciler(orderServices, fulfilment);
    });
    app.addHook('onClose', async () => {
      await running?.stop();
    });
  }
  if (receiptSender) {
    let sending: ReturnType<typeof startReceiptSender> | undefined;
    app.addHook('onReady', async () => {
      sending = startReceiptSender({
        db: database.db,
        mailer: outgoingMail,
        publicUrl: config.publicUrl,
        merchant: config.merchant,
        now: clock,
        log: app.log,
      });
    });
    app.addHook('onClose', async () => {
      await sending?.stop();
    });
    // Request links answered by a top-up: their makers are told, with the same background work as receipts.
    let notices: ReturnType<typeof startPaidRequestNotices> | undefined;
    app.addHook('onReady', async () => {
      notices = startPaidRequestNotices({ db: database.db, mailer: outgoingMail, publicUrl: config.publicUrl, now: clock, log: app.log });
    });
    app.addHook('onClose', async () => {
      await notices?.stop();
    });
  }
  if (businessChecks) {
    // Refer a friend's rewards (ADR 070): granted once the friend's first top-up is past the dispute window.
    let rewarding: ReturnType<typeof startReferralRewards> | undefined;
    app.addHook('onReady', async () => {
      rewarding = startReferralRewards({ db: database.db, now: clock, log: app.log });
    });
    app.addHook('onClose', async () => {
      await rewarding?.stop();
    });
    let checking: ReturnType<typeof startBusinessChecks> | undefined;
    app.addHook('onReady', async () => {
      checking = startBusinessChecks({
        db: database.db,
        topups: orderServices.topups,
        mailer: outgoingMail,
        publicUrl: config.publicUrl,
        now: clock,
        log: app.log,
        defaults: alertDefaults,
        gauge: walletGauge,
        catalogue: { provider: catalogue.switches.provider, dropCaches: () => shared.changes.announce('catalogue') },
      });
    });
    app.addHook('onClose', async () => {
      await checking?.stop();
    });
  }
  await registerFlagRoutes(app, { clientDir: config.clientDir });
  await registerClientAssets(app, { clientDir: config.clientDir });

  const documentDirectives = {
    defaultSrc: ["'self'"],
    // boot.js is written into the page (it must run before the first paint): allowed by its hash, nothing else inline.
    scriptSrc: ["'self'", ...inlineScriptHashes(config.clientDir)],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    frameAncestors: ["'none'"],
    // Only a site served over https can ask browsers to stay on it (and to upgrade its subresources).
    upgradeInsecureRequests: httpsOnly ? [] : null,
  };
  // Pages get the document security headers (CSP, frame and referrer policies, HSTS). They live in
  // their own context because helmet's per-request hook would otherwise run for every API call too, at a third of
  // the API's throughput.
  await app.register(async (documents) => {
    await documents.register(helmet, {
      contentSecurityPolicy: {
        directives: config.stripe ? withStripeDirectives(documentDirectives) : documentDirectives,
      },
      strictTransportSecurity: httpsOnly,
    });
    await registerClientApp(documents, { clientDir: config.clientDir, secureCookies: httpsOnly });
  });

  return app;
}
