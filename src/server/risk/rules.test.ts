import { describe, expect, it } from 'vitest';
import { adminBlocklistAddBodySchema, adminRiskSettingsBodySchema, type RiskRule } from '../../shared/api/risk';
import { cardFactsOf } from '../payments/sandbox/test-cards';
import { countryOfAddress, isClientAddress, isDisposableDomain } from './lookups';
import { DEFAULT_RISK_RULES, evaluateRules, type RiskSignals } from './rules';

const decide = (signals: RiskSignals) => evaluateRules(DEFAULT_RISK_RULES, signals, 'payment');
const firedIds = (signals: RiskSignals) => decide(signals).fired.map((rule) => rule.id);

describe('the default risk rules, each at its threshold', () => {
  it.each([
    ['card-testing-account', 'declinesLastHourByAccount', 2, 3, 'refuse'],
    ['card-testing-card', 'declinesLastHourByCard', 2, 3, 'refuse'],
    ['card-testing-address', 'declinesLastHourByAddress', 2, 3, 'refuse'],
    ['many-accounts-one-recipient', 'accountsToRecipient24h', 2, 3, 'review'],
    ['first-day-spend', 'firstDaySpendCents', 5000, 5001, 'review'],
  ] as const)('%s does not fire at %s = %s and fires at %s', (id, signal, below, at, action) => {
    expect(firedIds({ [signal]: below })).not.toContain(id);
    expect(decide({ [signal]: at })).toEqual({ action, fired: [expect.objectContaining({ id, action, stage: 'payment' })] });
  });

  it.each([
    ['radar-highest', { radarRiskLevel: 'highest' }, { radarRiskLevel: 'elevated' }, 'refuse'],
    ['radar-elevated', { radarRiskLevel: 'elevated' }, { radarRiskLevel: 'normal' }, 'review'],
    ['three-countries', { countriesAllDifferent: true }, { countriesAllDifferent: false }, 'review'],
    ['disposable-email', { disposableEmail: true }, { disposableEmail: false }, 'three_d_secure'],
  ] as const)('%s fires on its value and not on another', (id, firing, quiet, action) => {
    expect(decide(firing)).toEqual({ action, fired: [expect.objectContaining({ id })] });
    expect(firedIds(quiet)).not.toContain(id);
  });

  it('a signal not known yet (the card at checkout) never fires a rule', () => {
    expect(decide({ radarRiskLevel: null, countriesAllDifferent: null, declinesLastHourByCard: undefined })).toEqual({ action: 'allow', fired: [] });
  });

  it('the most severe action of the rules fired wins, and an allow rule that fires overrides them', () => {
    expect(decide({ radarRiskLevel: 'elevated', declinesLastHourByAccount: 5, disposableEmail: true }).action).toBe('refuse');
    expect(decide({ radarRiskLevel: 'elevated', disposableEmail: true }).action).toBe('review');
    const vip: RiskRule = {
      id: 'old-customer',
      description: 'Ten completed orders',
      when: [{ signal: 'completedOrders', op: 'gte', value: 10 }],
      action: 'allow',
    };
    expect(evaluateRules([...DEFAULT_RISK_RULES, vip], { radarRiskLevel: 'elevated', completedOrders: 12 }, 'payment').action).toBe('allow');
  });

  it('a rule switched off never fires, and fires again once switched back on', () => {
    const rules = DEFAULT_RISK_RULES.map((rule) => (rule.id === 'radar-elevated' ? { ...rule, enabled: false } : rule));
    expect(evaluateRules(rules, { radarRiskLevel: 'elevated' }, 'payment')).toEqual({ action: 'allow', fired: [] });
    const on = rules.map((rule) => (rule.id === 'radar-elevated' ? { ...rule, enabled: true } : rule));
    expect(evaluateRules(on, { radarRiskLevel: 'elevated' }, 'payment').action).toBe('review');
  });
});

describe('rules and blocklist entries as the console sends them', () => {
  const body = (rules: unknown[]) => ({ version: 0, rules, reviewWindowMinutes: 120, reason: 'Tuning' });
  const rule = (when: unknown) => ({ id: 'r1', description: 'A rule', when: [when], action: 'review' });
  const firstIssue = (value: unknown) => {
    const result = adminRiskSettingsBodySchema.safeParse(value);
    return result.success ? null : { path: result.error.issues[0]!.path.join('.'), message: result.error.issues[0]!.message };
  };

  it('takes the defaults as they are', () => {
    expect(adminRiskSettingsBodySchema.safeParse(body([...DEFAULT_RISK_RULES])).success).toBe(true);
  });

  it.each([
    [rule({ signal: 'declinesLastHourByAccount', op: 'gte', value: 5000 }), 'rules.0.when.0.value', 'from 0 to 1000'],
    [rule({ signal: 'radarRiskScore', op: 'gt', value: 101 }), 'rules.0.when.0.value', 'from 0 to 100'],
    [rule({ signal: 'declinesLastHourByAccount', op: 'gte', value: 2.5 }), 'rules.0.when.0.value', 'whole number'],
    [rule({ signal: 'radarRiskLevel', op: 'gte', value: 'highest' }), 'rules.0.when.0.op', 'eq or neq'],
    [rule({ signal: 'radarRiskLevel', op: 'eq', value: 'very high' }), 'rules.0.when.0.value', 'normal, elevated'],
    [rule({ signal: 'cardCountry', op: 'eq', value: 'gb' }), 'rules.0.when.0.value', 'two-letter'],
    [rule({ signal: 'process.exit()', op: 'eq', value: true }), 'rules.0.when.0.signal', 'risk signals'],
    [{ id: 'r1', description: 'A rule', when: [{ signal: 'disposableEmail', op: 'eq', value: true }], action: 'delete' }, 'rules.0.action', 'allow'],
    [
      { id: 'Bad Id', description: 'A rule', when: [{ signal: 'disposableEmail', op: 'eq', value: true }], action: 'review' },
      'rules.0.id',
      'lower-case',
    ],
    [
      { id: 'r1', description: 'A rule', when: [{ signal: 'disposableEmail', op: 'eq', value: true }], action: 'review', enabled: 'no' },
      'rules.0.enabled',
      'true or false',
    ],
  ])('refuses %j naming %s', (badRule, path, words) => {
    const issue = firstIssue(body([badRule]));
    expect(issue?.path).toBe(path);
    expect(issue?.message).toContain(words);
  });

  it('refuses a review window out of range and two rules with one id', () => {
    expect(firstIssue({ ...body([]), reviewWindowMinutes: 5 })?.path).toBe('reviewWindowMinutes');
    const twice = rule({ signal: 'disposableEmail', op: 'eq', value: true });
    expect(firstIssue(body([twice, twice]))?.path).toBe('rules.1.id');
  });

  it.each([
    ['phone', '+2348031234567', '2348031234567'],
    ['email_domain', 'Mailinator.COM', 'mailinator.com'],
    ['address', '203.0.113.0/24', '203.0.113.0/24'],
    ['address', '2001:db8::/32', '2001:db8::/32'],
    ['card', 'fp_Abc123xyz', 'fp_abc123xyz'],
  ])('takes a %s entry %s', (kind, value, stored) => {
    expect(adminBlocklistAddBodySchema.parse({ kind, value, reason: 'Fraud' }).value).toBe(stored);
  });

  it.each([
    ['address', '203.0.113.0/33'],
    ['address', '300.0.113.0/24'],
    ['phone', '12ab'],
    ['email_domain', 'not a domain'],
  ])('refuses a %s entry %s, naming the value', (kind, value) => {
    const result = adminBlocklistAddBodySchema.safeParse({ kind, value, reason: 'Fraud' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(['value']);
  });
});

describe('what the signals look up offline', () => {
  it('finds an IPv4 address’s country in the shipped table, and none for private or IPv6 addresses', () => {
    expect(countryOfAddress('81.2.69.160')).toBe('GB');
    expect(countryOfAddress('8.8.8.8')).toBe('US');
    expect(countryOfAddress('10.0.0.1')).toBeNull();
    expect(countryOfAddress('2001:db8::1')).toBeNull();
  });

  it('counts declines only by addresses that stand for one client, not loopback, private or shared ones', () => {
    expect(['203.0.113.9', '8.8.8.8', '2001:db8::1'].map(isClientAddress)).toEqual([true, true, true]);
    expect(['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '100.64.0.1', '::1', 'fe80::1', 'fd00::1'].map(isClientAddress)).toEqual(
      Array(8).fill(false),
    );
  });

  it('knows disposable e-mail domains', () => {
    expect(isDisposableDomain('mailinator.com')).toBe(true);
    expect(isDisposableDomain(' Mailinator.COM ')).toBe(true);
    expect(isDisposableDomain('gmail.com')).toBe(false);
    expect(isDisposableDomain('')).toBe(false);
  });

  it('describes the sandbox’s cards as Stripe’s charges do: country and brand test cards, Radar’s test cards, a keyed fingerprint', () => {
    expect(cardFactsOf('4000008260000000', 'key')).toMatchObject({ country: 'GB', brand: 'visa', funding: 'credit', riskLevel: 'normal' });
    expect(cardFactsOf('4000003560000008', 'key').country).toBe('IN');
    expect(cardFactsOf('5200828282828210', 'key')).toMatchObject({ brand: 'mastercard', funding: 'debit', country: 'US' });
    expect(cardFactsOf('4000000000009235', 'key')).toMatchObject({ riskLevel: 'elevated', riskScore: 67 });
    expect(cardFactsOf('4000000000004954', 'key').riskLevel).toBe('highest');
    expect(cardFactsOf('4000000000000127', 'key').cvcCheck).toBe('fail');
    const fingerprint = cardFactsOf('4242424242424242', 'key').fingerprint;
    expect(fingerprint).toBe(cardFactsOf('4242424242424242', 'key').fingerprint);
    expect(fingerprint).not.toBe(cardFactsOf('4242424242424242', 'other key').fingerprint);
    expect(fingerprint).not.toContain('4242');
  });
});
