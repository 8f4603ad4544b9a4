import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AdminActionName } from '../../shared/api/admin-audit';
import type { ApiMessageKey } from '../../shared/api/messages';
import type { Database } from '../db/client';
import { session, user } from '../db/schema';
import { DomainError } from '../domain-error';
import { recordAdminAction, type AdminActor } from '../audit/audit-log';
import { customerNotFound } from './customers';

/** One admin action on one customer, with the admin's reason. */
export interface CustomerActionRequest {
  actor: AdminActor;
  customerId: string;
  reason: string;
  now: Date;
}

type Customer = typeof user.$inferSelect;

/** What an action changed, for its audit row. */
interface ActionOutcome {
  action: AdminActionName;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

const conflict = (code: string, key: ApiMessageKey, details?: Record<string, unknown>) =>
  new DomainError('conflict', code, { key }, details ? { details } : {});

/** One action: what must hold (throws a refusal otherwise), then the change, which says what it changed. */
interface CustomerAction {
  check?(customer: Customer, admins: ReadonlySet<string>): void;
  apply(tx: Database, customer: Customer): Promise<ActionOutcome>;
}

/**
 * Runs one action on a customer in one transaction with its audit row: the change and its row are kept or lost together.
 *
 * The accounts that can act as admins (admin rights, not blocked) are locked first, always in id order, then the
 * customer. Every action therefore queues behind any other that could take admin rights away, and reads the admins as
 * they are once that one is done: two admins removing or blocking each other at once cannot leave the console with none.
 */
async function actOnCustomer(db: Database, request: CustomerActionRequest, action: CustomerAction): Promise<void> {
  await db.transaction(async (tx) => {
    const activeAdmins = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.isAdmin, true), isNull(user.blockedAt)))
      .orderBy(asc(user.id))
      .for('update');
    const [customer] = await tx.select().from(user).where(eq(user.id, request.customerId)).for('update');
    if (!customer) throw customerNotFound();
    const admins = new Set(activeAdmins.map((admin) => admin.id));
    action.check?.(customer, admins);
    // Rights another admin took away a moment ago count from now on.
    if (!admins.has(request.actor.id)) throw new DomainError('forbidden', 'ADMIN_REQUIRED', { key: 'apiErrors.adminRequired' });
    const outcome = await action.apply(tx, customer);
    await recordAdminAction(tx, { ...request, ...outcome, targetType: 'customer', targetId: customer.id });
  });
}

/** No admin blocks themselves or changes their own rights: another admin must. */
function refuseOwnAccount(request: CustomerActionRequest) {
  if (request.customerId === request.actor.id) throw conflict('OWN_ACCOUNT', 'apiErrors.ownAccountChange');
}

/** Refuses a change that would leave no account able to act as an admin. */
function refuseLastAdmin(customer: Customer, admins: ReadonlySet<string>) {
  if (admins.has(customer.id) && admins.size <= 1) throw conflict('LAST_ADMIN', 'apiErrors.lastAdmin');
}

/** Ends every session of the account at once (sessions are read from the database on every request). */
async function endSessions(tx: Database, userId: string): Promise<number> {
  const ended = await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
  return ended.length;
}

/** Blocks an account: it is signed out everywhere at once, cannot sign in again, and cannot check out. */
export async function blockCustomer(db: Database, request: CustomerActionRequest): Promise<void> {
  refuseOwnAccount(request);
  return actOnCustomer(db, request, {
    check(customer, admins) {
      if (customer.blockedAt) throw conflict('CUSTOMER_ALREADY_BLOCKED', 'apiErrors.customerAlreadyBlocked', { blocked: true });
      refuseLastAdmin(customer, admins);
    },
    async apply(tx, customer) {
      await tx.update(user).set({ blockedAt: request.now, blockedReason: request.reason }).where(eq(user.id, customer.id));
      const sessions = await endSessions(tx, customer.id);
      return {
        action: 'customer.block',
        before: { blockedAt: null, blockedReason: null, sessions },
        after: { blockedAt: request.now.toISOString(), blockedReason: request.reason, sessions: 0 },
      };
    },
  });
}

/** Lets a blocked account sign in (and check out) again. */
export async function unblockCustomer(db: Database, request: CustomerActionRequest): Promise<void> {
  return actOnCustomer(db, request, {
    check(customer) {
      if (!customer.blockedAt) throw conflict('CUSTOMER_NOT_BLOCKED', 'apiErrors.customerNotBlocked', { blocked: false });
    },
    async apply(tx, customer) {
      await tx.update(user).set({ blockedAt: null, blockedReason: null }).where(eq(user.id, customer.id));
      return {
        action: 'customer.unblock',
        before: { blockedAt: customer.blockedAt?.toISOString() ?? null, blockedReason: customer.blockedReason },
        after: { blockedAt: null, blockedReason: null },
      };
    },
  });
}

/** Signs the account out everywhere; it may sign in again. */
export async function endCustomerSessions(db: Database, request: CustomerActionRequest): Promise<void> {
  return actOnCustomer(db, request, {
    async apply(tx, customer) {
      const sessions = await endSessions(tx, customer.id);
      return { action: 'customer.end-sessions', before: { sessions }, after: { sessions: 0 } };
    },
  });
}

/**
 * Gives or takes admin rights. Never the last admin's, never one's own. Rights given to an account whose e-mail is not
 * confirmed wait for the confirmation before the console opens to it (requireAdmin), as with every admin.
 */
export async function setCustomerAdmin(db: Database, request: CustomerActionRequest & { isAdmin: boolean }): Promise<void> {
  refuseOwnAccount(request);
  return actOnCustomer(db, request, {
    check(customer, admins) {
      if (customer.isAdmin === request.isAdmin) {
        const [code, key] = request.isAdmin
          ? (['CUSTOMER_ALREADY_ADMIN', 'apiErrors.customerAlreadyAdmin'] as const)
          : (['CUSTOMER_NOT_ADMIN', 'apiErrors.customerNotAdmin'] as const);
        throw conflict(code, key, { isAdmin: customer.isAdmin });
      }
      if (!request.isAdmin) refuseLastAdmin(customer, admins);
    },
    async apply(tx, customer) {
      await tx.update(user).set({ isAdmin: request.isAdmin }).where(eq(user.id, customer.id));
      return {
        action: request.isAdmin ? 'customer.grant-admin' : 'customer.revoke-admin',
        before: { isAdmin: customer.isAdmin },
        after: { isAdmin: request.isAdmin },
      };
    },
  });
}
