import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AutoTopupLinkAction } from '../../shared/api/auto-topups';

/*
 * The reminder e-mail's "Skip this one" and "Pause" links (ADR 068): they work without signing in, so each is a
 * capability of its own — signed with an HMAC of the server's secret over its purpose, its schedule, its period and
 * its expiry. A link does only what it names (a skip link cannot pause), for that period only, until the charge it is
 * about; a changed character or a lapsed expiry finds nothing.
 */

export interface AutoTopupLinkClaims {
  action: AutoTopupLinkAction;
  scheduleId: string;
  period: number;
  expiresAt: Date;
}

const ACTIONS: readonly AutoTopupLinkAction[] = ['skip', 'pause'];
const PAYLOAD = /^(skip|pause)\.([0-9a-f-]{36})\.(\d{1,9})\.(\d{1,12})$/;

/** The key the links are signed with: derived from the server's secret for this purpose alone. */
export function autoTopupLinkKey(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('auto-topup-link').digest();
}

function signatureOf(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(payload).digest();
}

/** The link's token: `<payload>.<signature>`, both base64url. */
export function signAutoTopupLink(key: Buffer, claims: AutoTopupLinkClaims): string {
  const payload = `${claims.action}.${claims.scheduleId}.${claims.period}.${Math.floor(claims.expiresAt.getTime() / 1000)}`;
  return `${Buffer.from(payload).toString('base64url')}.${signatureOf(key, payload).toString('base64url')}`;
}

/** The claims of a token signed with `key` and not expired at `now`; null for anything else. */
export function verifyAutoTopupLink(key: Buffer, token: string, now: Date): AutoTopupLinkClaims | null {
  const [encoded, signature, extra] = token.split('.');
  if (!encoded || !signature || extra !== undefined) return null;
  const payload = Buffer.from(encoded, 'base64url').toString('utf8');
  const match = PAYLOAD.exec(payload);
  if (!match) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  // The token must be exactly the one signed (base64url has a single spelling for these bytes).
  if (Buffer.from(payload).toString('base64url') !== encoded || expected.toString('base64url') !== signature) return null;
  const action = match[1] as AutoTopupLinkAction;
  const expiresAt = new Date(Number(match[4]) * 1000);
  if (!ACTIONS.includes(action) || expiresAt.getTime() <= now.getTime()) return null;
  return { action, scheduleId: match[2]!, period: Number(match[3]), expiresAt };
}
