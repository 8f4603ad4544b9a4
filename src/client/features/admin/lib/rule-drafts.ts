import {
  REVIEW_WINDOW_MINUTES,
  RISK_COMPARISONS,
  RISK_SIGNALS,
  type RiskAction,
  type RiskComparison,
  type RiskCondition,
  type RiskRule,
  type RiskSignalName,
} from '@shared/api/risk';

/*
 * The rules editor's drafts: every value as typed (text), turned into the rules the server takes on save. Each check
 * is the server's (shared/api/risk.ts), with a message key of the console's so it reads in the admin's language; the
 * server checks again, and a field it refuses (`rules.2.when.0.value`) is shown at the same place.
 */

export interface ConditionDraft {
  signal: RiskSignalName;
  op: RiskComparison;
  value: string;
}

export interface RuleDraft {
  id: string;
  description: string;
  action: RiskAction;
  enabled: boolean;
  when: ConditionDraft[];
  /** Added on this page, not saved yet: its id can still be changed. */
  isNew: boolean;
}

/** A problem found in a draft: where (the server's field path) and what, as a message key and its values. */
export interface DraftProblem {
  key: string;
  params?: Record<string, string | number>;
}

export const MAX_CONDITIONS = 4;
export const MAX_RULES = 50;

/** The comparisons a signal takes: counts and amounts all six, the others equal or not. */
export function comparisonsOf(signal: RiskSignalName): readonly RiskComparison[] {
  return RISK_SIGNALS[signal].type === 'number' ? RISK_COMPARISONS : ['eq', 'neq'];
}

/** The value a condition starts from when its signal is chosen. */
export function startingValue(signal: RiskSignalName): string {
  const kind = RISK_SIGNALS[signal];
  if (kind.type === 'number') return String(kind.min);
  if (kind.type === 'boolean') return 'true';
  if (kind.type === 'word') return kind.values[0]!;
  return '';
}

const textOf = (value: RiskCondition['value']) => String(value);

export function draftOf(rule: RiskRule): RuleDraft {
  return {
    id: rule.id,
    description: rule.description,
    action: rule.action,
    enabled: rule.enabled !== false,
    when: rule.when.map((condition) => ({ signal: condition.signal, op: condition.op, value: textOf(condition.value) })),
    isNew: false,
  };
}

/** A condition's value as the server takes it: a number, true/false, or a word (a country code in capitals). */
function valueOf(condition: ConditionDraft): RiskCondition['value'] {
  const kind = RISK_SIGNALS[condition.signal];
  const typed = condition.value.trim();
  if (kind.type === 'number') return /^-?\d+(\.\d+)?$/.test(typed) ? Number(typed) : typed;
  if (kind.type === 'boolean') return typed === 'true';
  return kind.type === 'country' ? typed.toUpperCase() : typed;
}

/** The rule the server is sent; a rule switched on is sent without the flag, as the defaults are written. */
export function ruleOf(draft: RuleDraft): RiskRule {
  return {
    id: draft.id.trim(),
    description: draft.description.trim(),
    when: draft.when.map((condition) => ({ signal: condition.signal, op: condition.op, value: valueOf(condition) })),
    action: draft.action,
    ...(draft.enabled ? {} : { enabled: false }),
  };
}

/** The id of a new rule: free, lower-case, from "rule-1" on. */
export function newRuleId(drafts: readonly RuleDraft[]): string {
  const taken = new Set(drafts.map((draft) => draft.id));
  let index = drafts.length + 1;
  while (taken.has(`rule-${index}`)) index++;
  return `rule-${index}`;
}

function conditionProblem(condition: ConditionDraft): DraftProblem | null {
  const kind = RISK_SIGNALS[condition.signal];
  const typed = condition.value.trim();
  if (kind.type === 'number') {
    if (!/^\d+$/.test(typed)) return { key: 'admin.rules.problems.wholeNumber', params: { min: kind.min, max: kind.max } };
    const value = Number(typed);
    return value < kind.min || value > kind.max ? { key: 'admin.rules.problems.range', params: { min: kind.min, max: kind.max } } : null;
  }
  if (kind.type === 'country' && !/^[A-Za-z]{2}$/.test(typed)) return { key: 'admin.rules.problems.country' };
  return null;
}

/** Every problem of the drafts by its field path (`rules.2.when.0.value`, `reviewWindowMinutes`); empty when all is well. */
export function draftProblems(drafts: readonly RuleDraft[], reviewWindow: string): Map<string, DraftProblem> {
  const problems = new Map<string, DraftProblem>();
  const seen = new Set<string>();
  drafts.forEach((draft, index) => {
    const id = draft.id.trim();
    if (!/^[a-z0-9][a-z0-9-]{0,47}$/.test(id)) problems.set(`rules.${index}.id`, { key: 'admin.rules.problems.id' });
    else if (seen.has(id)) problems.set(`rules.${index}.id`, { key: 'admin.rules.problems.idTaken' });
    seen.add(id);
    const description = draft.description.trim();
    if (!description || description.length > 200) problems.set(`rules.${index}.description`, { key: 'admin.rules.problems.description' });
    if (draft.when.length === 0) problems.set(`rules.${index}.when`, { key: 'admin.rules.problems.noCondition' });
    draft.when.forEach((condition, at) => {
      const problem = conditionProblem(condition);
      if (problem) problems.set(`rules.${index}.when.${at}.value`, problem);
    });
  });
  const window = reviewWindow.trim();
  const minutes = /^\d+$/.test(window) ? Number(window) : NaN;
  if (!(minutes >= REVIEW_WINDOW_MINUTES.min && minutes <= REVIEW_WINDOW_MINUTES.max)) {
    problems.set('reviewWindowMinutes', { key: 'admin.rules.problems.window', params: { ...REVIEW_WINDOW_MINUTES } });
  }
  return problems;
}

/** What a saved version changed, for the history: rules added, removed or changed (by id), and the review window. */
export function changesBetween(
  before: { rules?: RiskRule[]; reviewWindowMinutes?: number } | null,
  after: { rules?: RiskRule[]; reviewWindowMinutes?: number } | null,
): { added: string[]; removed: string[]; changed: string[]; window: [number, number] | null } {
  const earlier = new Map((before?.rules ?? []).map((rule) => [rule.id, JSON.stringify(rule)]));
  const later = new Map((after?.rules ?? []).map((rule) => [rule.id, JSON.stringify(rule)]));
  const windowBefore = before?.reviewWindowMinutes;
  const windowAfter = after?.reviewWindowMinutes;
  return {
    added: [...later.keys()].filter((id) => !earlier.has(id)),
    removed: [...earlier.keys()].filter((id) => !later.has(id)),
    changed: [...later.keys()].filter((id) => earlier.has(id) && earlier.get(id) !== later.get(id)),
    window: windowBefore !== undefined && windowAfter !== undefined && windowBefore !== windowAfter ? [windowBefore, windowAfter] : null,
  };
}
