import { RISK_ACTIONS, type FiredRule, type RiskAction, type RiskCondition, type RiskRule, type RiskSignalName } from '../../shared/api/risk';

/** The signals of one checkout or payment as the rules read them; a signal not known (yet) is null or absent. */
export type RiskSignals = Partial<Record<RiskSignalName, number | string | boolean | null>>;

/** The review window while no operator has set one (ADR 046). */
export const DEFAULT_REVIEW_WINDOW_MINUTES = 120;

/** The rules in force while no operator has saved any; ADR 044 says why each. */
export const DEFAULT_RISK_RULES: readonly RiskRule[] = [
  {
    id: 'card-testing-account',
    description: 'Card testing: 3 or more declines in the last hour on this account',
    when: [{ signal: 'declinesLastHourByAccount', op: 'gte', value: 3 }],
    action: 'refuse',
  },
  {
    id: 'card-testing-card',
    description: 'Card testing: 3 or more declines in the last hour of this card',
    when: [{ signal: 'declinesLastHourByCard', op: 'gte', value: 3 }],
    action: 'refuse',
  },
  {
    id: 'card-testing-address',
    description: 'Card testing: 3 or more declines in the last hour from this address',
    when: [{ signal: 'declinesLastHourByAddress', op: 'gte', value: 3 }],
    action: 'refuse',
  },
  {
    id: 'radar-highest',
    description: 'The payment provider rates the payment at the highest risk',
    when: [{ signal: 'radarRiskLevel', op: 'eq', value: 'highest' }],
    action: 'refuse',
  },
  {
    id: 'radar-elevated',
    description: 'The payment provider rates the payment at an elevated risk',
    when: [{ signal: 'radarRiskLevel', op: 'eq', value: 'elevated' }],
    action: 'review',
  },
  {
    id: 'three-countries',
    description: 'Card country, address country and destination are all different',
    when: [{ signal: 'countriesAllDifferent', op: 'eq', value: true }],
    action: 'review',
  },
  {
    id: 'disposable-email',
    description: 'The account’s e-mail is at a disposable domain',
    when: [{ signal: 'disposableEmail', op: 'eq', value: true }],
    action: 'three_d_secure',
  },
  {
    id: 'many-accounts-one-recipient',
    description: 'The recipient was topped up from 3 or more accounts in 24 hours',
    when: [{ signal: 'accountsToRecipient24h', op: 'gte', value: 3 }],
    action: 'review',
  },
  {
    id: 'first-day-spend',
    description: 'The account’s first day of spending goes over $50',
    when: [{ signal: 'firstDaySpendCents', op: 'gt', value: 5000 }],
    action: 'review',
  },
];

const SEVERITY: Readonly<Record<RiskAction, number>> = Object.fromEntries(RISK_ACTIONS.map((action, index) => [action, index])) as Record<
  RiskAction,
  number
>;

function holds(condition: RiskCondition, signals: RiskSignals): boolean {
  const actual = signals[condition.signal];
  if (actual === null || actual === undefined) return false;
  const { op, value } = condition;
  if (op === 'eq') return actual === value;
  if (op === 'neq') return actual !== value;
  if (typeof actual !== 'number' || typeof value !== 'number') return false;
  if (op === 'gte') return actual >= value;
  if (op === 'gt') return actual > value;
  if (op === 'lte') return actual <= value;
  return actual < value;
}

export interface RiskDecision {
  action: RiskAction;
  fired: FiredRule[];
}

/**
 * What the rules decide for these signals: every rule switched on whose conditions all hold fires; an `allow` that
 * fires wins (an operator's exception), else the most severe action of those fired, else allow. A rule switched off
 * (`enabled: false`, from the console) is kept with its thresholds but never fires.
 */
export function evaluateRules(rules: readonly RiskRule[], signals: RiskSignals, stage: FiredRule['stage']): RiskDecision {
  const fired: FiredRule[] = [];
  for (const rule of rules) {
    if (rule.enabled === false) continue;
    if (rule.when.every((condition) => holds(condition, signals))) {
      fired.push({ id: rule.id, description: rule.description, action: rule.action, stage });
    }
  }
  if (fired.some((rule) => rule.action === 'allow')) return { action: 'allow', fired };
  const action = fired.reduce<RiskAction>((worst, rule) => (SEVERITY[rule.action] > SEVERITY[worst] ? rule.action : worst), 'allow');
  return { action, fired };
}
