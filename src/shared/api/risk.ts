import { z } from 'zod';
import { ADMIN_REASON_MAX_LENGTH, adminReasonBodySchema } from './admin';
import { undisguised } from './free-text';

/**
 * The risk desk (GET/PUT /api/admin/risk/rules, /api/admin/risk/blocklist): the signals each checkout and payment
 * records, the rules over them an operator edits, and the blocklists. A rule is data, never code: every condition is
 * a signal, a comparison and a value of the signal's kind, each checked here, so a rule that does not parse, or a
 * threshold out of its signal's range, is a 400 naming the field (e.g. `rules.2.when.0.value`).
 */

/** What a rule may do; severity rises along the list, and an `allow` rule that fires overrides the others (ADR 044). */
export const RISK_ACTIONS = ['allow', 'three_d_secure', 'review', 'refuse'] as const;
export type RiskAction = (typeof RISK_ACTIONS)[number];

export const RADAR_RISK_LEVELS = ['normal', 'elevated', 'highest', 'not_assessed'] as const;

/** A signal a rule may compare: a count or amount (with its range), a yes/no, or one of a few words. */
type SignalKind =
  { type: 'number'; min: number; max: number } | { type: 'boolean' } | { type: 'word'; values: readonly string[] } | { type: 'country' };

/**
 * Every signal a rule can name. Checkout signals are known before any card is held; payment signals once the provider
 * has authorised (or declined) the card. A signal not known yet never satisfies a condition.
 */
export const RISK_SIGNALS = {
  declinesLastHourByAccount: { type: 'number', min: 0, max: 1000 },
  declinesLastHourByCard: { type: 'number', min: 0, max: 1000 },
  declinesLastHourByAddress: { type: 'number', min: 0, max: 1000 },
  accountsToRecipient24h: { type: 'number', min: 0, max: 1000 },
  accountAgeHours: { type: 'number', min: 0, max: 100_000 },
  completedOrders: { type: 'number', min: 0, max: 100_000 },
  /** The account's spend (held or paid, this order included) while it is less than 24 hours old; 0 afterwards. USD cents. */
  firstDaySpendCents: { type: 'number', min: 0, max: 10_000_000 },
  orderTotalCents: { type: 'number', min: 0, max: 10_000_000 },
  disposableEmail: { type: 'boolean' },
  addressCountry: { type: 'country' },
  destinationCountry: { type: 'country' },
  cardCountry: { type: 'country' },
  cardFunding: { type: 'word', values: ['credit', 'debit', 'prepaid', 'unknown'] },
  cvcCheck: { type: 'word', values: ['pass', 'fail', 'unavailable', 'unchecked'] },
  /** The card's issuing country, the address's country and the destination are three different countries. */
  countriesAllDifferent: { type: 'boolean' },
  radarRiskLevel: { type: 'word', values: RADAR_RISK_LEVELS },
  radarRiskScore: { type: 'number', min: 0, max: 100 },
} as const satisfies Record<string, SignalKind>;
export type RiskSignalName = keyof typeof RISK_SIGNALS;
export const RISK_SIGNAL_NAMES = Object.keys(RISK_SIGNALS) as RiskSignalName[];

export const RISK_COMPARISONS = ['eq', 'neq', 'gte', 'gt', 'lte', 'lt'] as const;
export type RiskComparison = (typeof RISK_COMPARISONS)[number];
const ORDERED: readonly RiskComparison[] = ['gte', 'gt', 'lte', 'lt'];

export const riskConditionSchema = z
  .object({
    signal: z.enum(RISK_SIGNAL_NAMES as [RiskSignalName, ...RiskSignalName[]], 'signal is not one of the risk signals'),
    op: z.enum(RISK_COMPARISONS, 'op must be one of eq, neq, gte, gt, lte, lt'),
    value: z.union([z.number(), z.string(), z.boolean()], 'value must be a number, a text or true/false'),
  })
  .strict()
  .superRefine((condition, context) => {
    const kind: SignalKind = RISK_SIGNALS[condition.signal];
    const refuse = (path: 'op' | 'value', message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (kind.type === 'number') {
      if (typeof condition.value !== 'number' || !Number.isInteger(condition.value))
        return refuse('value', `${condition.signal} takes a whole number`);
      if (condition.value < kind.min || condition.value > kind.max) {
        refuse('value', `${condition.signal} takes a value from ${kind.min} to ${kind.max}`);
      }
      return;
    }
    if (ORDERED.includes(condition.op)) refuse('op', `${condition.signal} can only be compared with eq or neq`);
    if (kind.type === 'boolean' && typeof condition.value !== 'boolean') refuse('value', `${condition.signal} takes true or false`);
    if (kind.type === 'word' && !kind.values.includes(String(condition.value))) {
      refuse('value', `${condition.signal} takes one of ${kind.values.join(', ')}`);
    }
    if (kind.type === 'country' && (typeof condition.value !== 'string' || !/^[A-Z]{2}$/.test(condition.value))) {
      refuse('value', `${condition.signal} takes a two-letter country code in capitals`);
    }
  });
export type RiskCondition = z.output<typeof riskConditionSchema>;

export const riskRuleSchema = z
  .object({
    id: z.string('id is required').regex(/^[a-z0-9][a-z0-9-]{0,47}$/, 'id must be lower-case letters, digits and dashes (at most 48)'),
    description: z.string('description is required').trim().min(1, 'description is required').max(200).superRefine(undisguised('text')),
    /** All must hold for the rule to fire. */
    when: z.array(riskConditionSchema, 'when must be a list of conditions').min(1, 'a rule needs a condition').max(4, 'at most 4 conditions'),
    action: z.enum(RISK_ACTIONS, 'action must be one of allow, three_d_secure, review, refuse'),
    /** A rule switched off stays in the set (with its thresholds) but never fires; absent means on. */
    enabled: z.boolean('enabled must be true or false').optional(),
  })
  .strict();
export type RiskRule = z.output<typeof riskRuleSchema>;

export const REVIEW_WINDOW_MINUTES = { min: 15, max: 24 * 60 } as const;

export const riskSettingsValuesSchema = z.object({
  rules: z
    .array(riskRuleSchema, 'rules must be a list')
    .max(50, 'at most 50 rules')
    .superRefine((rules, context) => {
      const seen = new Set<string>();
      rules.forEach((rule, index) => {
        if (seen.has(rule.id)) context.addIssue({ code: 'custom', path: [index, 'id'], message: `the id ${rule.id} is used twice` });
        seen.add(rule.id);
      });
    }),
  reviewWindowMinutes: z
    .number('reviewWindowMinutes must be a number')
    .int('reviewWindowMinutes must be whole minutes')
    .min(REVIEW_WINDOW_MINUTES.min, `reviewWindowMinutes must be at least ${REVIEW_WINDOW_MINUTES.min}`)
    .max(REVIEW_WINDOW_MINUTES.max, `reviewWindowMinutes must be at most ${REVIEW_WINDOW_MINUTES.max}`),
});

export const adminRiskSettingsBodySchema = riskSettingsValuesSchema.extend({
  version: z.number('version is required').int().min(0),
  reason: adminReasonBodySchema.shape.reason,
});
export type AdminRiskSettingsBody = z.input<typeof adminRiskSettingsBodySchema>;

export interface RiskSettings {
  rules: RiskRule[];
  reviewWindowMinutes: number;
  version: number;
  updatedAt: string | null;
  updatedByEmail: string | null;
}
export interface AdminRiskSettingsResponse {
  success: true;
  settings: RiskSettings;
  defaults: Pick<RiskSettings, 'rules' | 'reviewWindowMinutes'>;
  signals: typeof RISK_SIGNALS;
}

/* Blocklists: what no checkout may use. */

export const BLOCKLIST_KINDS = ['phone', 'card', 'email_domain', 'address'] as const;
export type BlocklistKind = (typeof BLOCKLIST_KINDS)[number];

const isIPv4 = (text: string) => /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/.test(text);
/** The URL parser (in the browser and in Node) takes exactly the IPv6 addresses. */
function isIPv6(text: string): boolean {
  if (!/^[0-9a-f:.]+$/i.test(text) || !text.includes(':')) return false;
  try {
    return new URL(`http://[${text}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

/** A CIDR range (or one address): IPv4 a.b.c.d/0–32, IPv6 …/0–128. */
export function parseCidr(text: string): { version: 4 | 6; address: string; bits: number } | null {
  const [address = '', bitsText, extra] = text.split('/');
  if (extra !== undefined) return null;
  const version = isIPv4(address) ? 4 : isIPv6(address) ? 6 : null;
  if (!version) return null;
  const max = version === 4 ? 32 : 128;
  const bits = bitsText === undefined ? max : /^\d{1,3}$/.test(bitsText) ? Number(bitsText) : NaN;
  return Number.isInteger(bits) && bits >= 0 && bits <= max ? { version, address, bits } : null;
}

const BLOCKLIST_VALUE_RULES: Record<BlocklistKind, { check: (value: string) => boolean; message: string }> = {
  phone: { check: (value) => /^\d{6,15}$/.test(value), message: 'a phone entry is the number with its country code, 6 to 15 digits' },
  card: { check: (value) => /^[A-Za-z0-9_-]{8,64}$/.test(value), message: 'a card entry is the payment provider’s card fingerprint' },
  email_domain: {
    check: (value) => /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(value),
    message: 'an e-mail domain entry is a domain name such as example.com',
  },
  address: { check: (value) => parseCidr(value) !== null, message: 'an address entry is an IP address or a CIDR range such as 203.0.113.0/24' },
};

export const adminBlocklistAddBodySchema = z
  .object({
    kind: z.enum(BLOCKLIST_KINDS, 'kind must be one of phone, card, email_domain, address'),
    value: z
      .string('value is required')
      .trim()
      .max(253)
      .transform((value) => value.toLowerCase().replace(/^\+/, '')),
    reason: z.string('reason is required').trim().min(1, 'reason is required').max(ADMIN_REASON_MAX_LENGTH).superRefine(undisguised('text')),
  })
  .superRefine((body, context) => {
    const rule = BLOCKLIST_VALUE_RULES[body.kind];
    if (!rule.check(body.value)) context.addIssue({ code: 'custom', path: ['value'], message: rule.message });
  });
export type AdminBlocklistAddBody = z.input<typeof adminBlocklistAddBodySchema>;

export interface BlocklistEntry {
  id: number;
  kind: BlocklistKind;
  value: string;
  reason: string;
  createdByEmail: string;
  createdAt: string;
}
export interface AdminBlocklistResponse {
  success: true;
  entries: BlocklistEntry[];
}
export interface AdminBlocklistEntryResponse {
  success: true;
  entry: BlocklistEntry;
}

/* What the console's order page shows of an order's risk. */

export interface FiredRule {
  id: string;
  description: string;
  action: RiskAction;
  stage: 'checkout' | 'payment';
}
export interface OrderRiskView {
  checkout: Record<string, unknown>;
  payment: Record<string, unknown> | null;
  checkoutDecision: RiskAction;
  paymentDecision: RiskAction | null;
  firedRules: FiredRule[];
  clientAddress: string | null;
}

/** One order of the "Needs review" queue (GET /api/admin/risk/reviews): what it is, who paid, and why it waits. */
export interface AdminRiskReview {
  orderId: string;
  /** The short reference customers read to support (GT-XXXX-XXXX). */
  reference: string;
  userId: string;
  customerEmail: string | null;
  totalCents: number;
  countryIso: string;
  recipientPhone: string;
  heldSince: string | null;
  /** When the review window ends and the hold is released unsent. */
  reviewEndsAt: string | null;
  risk: OrderRiskView | null;
}
export interface AdminRiskReviewsResponse {
  success: true;
  reviews: AdminRiskReview[];
  /** Every order in review, which may be more than the list holds. */
  count: number;
}
export interface AdminRiskReviewCountResponse {
  success: true;
  count: number;
}
