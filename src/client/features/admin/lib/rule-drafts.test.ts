import { describe, expect, it } from 'vitest';
import { adminRiskSettingsBodySchema, type RiskRule } from '@shared/api/risk';
import { changesBetween, comparisonsOf, draftOf, draftProblems, newRuleId, ruleOf } from './rule-drafts';

const RULES: RiskRule[] = [
  { id: 'radar-elevated', description: 'Elevated', when: [{ signal: 'radarRiskLevel', op: 'eq', value: 'elevated' }], action: 'review' },
  { id: 'big', description: 'Big orders', when: [{ signal: 'orderTotalCents', op: 'gt', value: 5000 }], action: 'three_d_secure', enabled: false },
  { id: 'gb', description: 'British cards', when: [{ signal: 'cardCountry', op: 'eq', value: 'GB' }], action: 'allow' },
  { id: 'three', description: 'Three countries', when: [{ signal: 'countriesAllDifferent', op: 'eq', value: true }], action: 'review' },
];

describe('the rules editor’s drafts', () => {
  it('turns the rules into drafts and back unchanged, as the server takes them', () => {
    const back = RULES.map(draftOf).map(ruleOf);
    expect(back).toEqual(RULES);
    expect(adminRiskSettingsBodySchema.safeParse({ version: 0, rules: back, reviewWindowMinutes: 120, reason: 'Tuning' }).success).toBe(true);
  });

  it('finds a threshold out of range, a country not two letters, a taken id and a window out of range, at the server’s paths', () => {
    const drafts = RULES.map(draftOf);
    drafts[1] = { ...drafts[1]!, when: [{ signal: 'orderTotalCents', op: 'gt', value: '99999999' }] };
    drafts[2] = { ...drafts[2]!, id: 'big', when: [{ signal: 'cardCountry', op: 'eq', value: 'GBR' }] };
    drafts[3] = { ...drafts[3]!, description: ' ', when: [] };
    expect(Object.fromEntries(draftProblems(drafts, '5'))).toEqual({
      'rules.1.when.0.value': { key: 'admin.rules.problems.range', params: { min: 0, max: 10_000_000 } },
      'rules.2.id': { key: 'admin.rules.problems.idTaken' },
      'rules.2.when.0.value': { key: 'admin.rules.problems.country' },
      'rules.3.description': { key: 'admin.rules.problems.description' },
      'rules.3.when': { key: 'admin.rules.problems.noCondition' },
      reviewWindowMinutes: { key: 'admin.rules.problems.window', params: { min: 15, max: 1440 } },
    });
    expect(draftProblems(RULES.map(draftOf), '120').size).toBe(0);
    expect(
      draftProblems([{ ...draftOf(RULES[1]!), when: [{ signal: 'orderTotalCents', op: 'gt', value: '2.5' }] }], '120').get('rules.0.when.0.value')
        ?.key,
    ).toBe('admin.rules.problems.wholeNumber');
  });

  it('offers equal or not for words and yes/no, all six comparisons for counts, and a free id for a new rule', () => {
    expect(comparisonsOf('radarRiskLevel')).toEqual(['eq', 'neq']);
    expect(comparisonsOf('orderTotalCents')).toHaveLength(6);
    expect(newRuleId([{ ...draftOf(RULES[0]!), id: 'rule-2' }])).toBe('rule-3');
  });

  it('says what a saved version changed', () => {
    const after = [{ ...RULES[0]!, enabled: false }, RULES[2]!, { ...RULES[3]!, id: 'new-one' }];
    expect(changesBetween({ rules: RULES, reviewWindowMinutes: 120 }, { rules: after, reviewWindowMinutes: 60 })).toEqual({
      added: ['new-one'],
      removed: ['big', 'three'],
      changed: ['radar-elevated'],
      window: [120, 60],
    });
  });
});
