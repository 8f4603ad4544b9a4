import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminFeeRuleBodySchema, adminFeeRuleRemovalSchema, FeeRule, FeeRuleOperator } from '../../shared/api/admin-fee-rules';
import { fractionOf, hundredthsText, percentHundredthsOf } from '../../shared/api/admin-settings';
import { firstLoss } from '../../shared/corridor-margin';
import { formatUsd, toCents, type FeeConfig } from '../../shared/pricing';
import { recordAdminAction, type AdminActor } from '../audit/audit-log';
import type { Catalogue } from '../catalog/catalogue';
import { commissionOf, pricedAmountsOf } from '../catalog/operator-costs';
import type { Database } from '../db/client';
import { countries, feeRuleChanges, feeRules } from '../db/schema';
import { DomainError } from '../domain-error';
import { TopupProviderError, type ProviderOperator } from '../topups/provider';
import { settingsConflict } from '../settings-conflict';

type RuleRow = typeof feeRules.$inferSelect;

function toFeeRule(row: RuleRow): FeeRule {
  return {
    countryCode: row.countryIso,
    operatorId: row.operatorId,
    operatorName: row.operatorName,
    airtimeFeePercent: hundredthsText(percentHundredthsOf(Number(row.airtimeFee))),
    standardFee: formatUsd(toCents(row.standardFee)),
    updatedAt: row.updatedAt.toISOString(),
    updatedByEmail: row.updatedByEmail,
  };
}

/** GET /api/admin/pricing/rules: the rules of this provider's operators and of countries, with the group's version. */
export async function readFeeRules(db: Database, catalogue: Catalogue): Promise<{ version: number; rules: FeeRule[] }> {
  // The version is read first: a change landing between the two reads makes a save on what was read a conflict.
  const [latest] = await db.select({ version: feeRuleChanges.version }).from(feeRuleChanges).orderBy(desc(feeRuleChanges.version)).limit(1);
  const rows = await db
    .select()
    .from(feeRules)
    .where(sql`${feeRules.provider} is null or ${feeRules.provider} = ${catalogue.switches.provider}`)
    .orderBy(asc(feeRules.countryIso), sql`${feeRules.operatorId} nulls first`);
  return { version: latest?.version ?? 0, rules: rows.map(toFeeRule) };
}

const unknownCountry = () =>
  new DomainError('invalid', 'FEE_RULE_COUNTRY_UNKNOWN', { key: 'apiErrors.catalogueCountryNotFound' }, { field: 'countryCode' });
const unknownOperator = () =>
  new DomainError('invalid', 'FEE_RULE_OPERATOR_UNKNOWN', { key: 'apiErrors.catalogueOperatorNotFound' }, { field: 'operatorId' });

/** The provider's operators of a known country; a country the catalogue does not hold is a 400 naming the field. */
async function operatorsOf(db: Database, catalogue: Catalogue, countryIso: string): Promise<ProviderOperator[]> {
  const [country] = await db.select({ iso: countries.isoName }).from(countries).where(eq(countries.isoName, countryIso));
  if (!country) throw unknownCountry();
  try {
    return await catalogue.providerOperators.operatorsByCountry(countryIso);
  } catch (error) {
    if (error instanceof TopupProviderError && !error.retryable) return [];
    throw error;
  }
}

/** GET /api/admin/pricing/rules/operators: a country's operators with the amounts and commission the preview needs. */
export async function feeRuleOperators(db: Database, catalogue: Catalogue, countryIso: string): Promise<FeeRuleOperator[]> {
  return (await operatorsOf(db, catalogue, countryIso)).map((operator) => ({
    operatorId: operator.operatorId,
    name: operator.name,
    amountsCents: pricedAmountsOf(operator),
    commissionPercent: hundredthsText(commissionOf(operator)),
  }));
}

/**
 * Refuses (400, naming the percentage fee, with the figures) fees under which one of `operators` would sell one of
 * its amounts below cost: price − card fee < what the provider's wallet pays at the operator's commission.
 */
function refuseSaleAtLoss(operators: ProviderOperator[], fees: FeeConfig): void {
  for (const operator of operators) {
    const loss = firstLoss(pricedAmountsOf(operator), fees, commissionOf(operator));
    if (!loss) continue;
    const money = (cents: number) => `$${formatUsd(cents)}`;
    const figures = {
      operatorId: operator.operatorId,
      amountCents: loss.amountCents,
      priceCents: loss.price.totalCents,
      providerCostCents: loss.providerCostCents,
      processorFeeCents: loss.processorFeeCents,
      marginCents: loss.marginCents,
    };
    throw new DomainError(
      'invalid',
      'FEE_RULE_BELOW_COST',
      {
        key: 'apiErrors.feeRuleBelowCost',
        params: {
          operator: operator.name,
          amount: money(loss.amountCents),
          price: money(loss.price.totalCents),
          cost: money(loss.providerCostCents),
          cardFee: money(loss.processorFeeCents),
          loss: money(-loss.marginCents),
        },
      },
      { field: 'airtimeFeePercent', details: figures },
    );
  }
}

/** A unique violation: another change took this version (or added this rule) while this one ran. */
const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505';

interface RuleChange {
  actor: AdminActor;
  now: Date;
}

/** In one transaction: the version checked, the change made (`apply`), appended to the history and audited. */
async function changeRules(
  db: Database,
  catalogue: Catalogue,
  change: RuleChange & { version: number; reason: string; scope: RuleScope },
  apply: (tx: Database) => Promise<{ before: RuleRow | undefined; after: { airtimeFee: string; standardFee: string } | null }>,
) {
  try {
    await db.transaction(async (tx) => {
      const current = await readFeeRules(tx, catalogue);
      if (current.version !== change.version) throw settingsConflict({ version: current.version, rules: current.rules });
      const { before, after } = await apply(tx);
      const version = current.version + 1;
      const { scope } = change;
      await tx.insert(feeRuleChanges).values({
        version,
        countryIso: scope.countryIso,
        provider: scope.operator ? catalogue.switches.provider : null,
        operatorId: scope.operator?.operatorId ?? null,
        operatorName: scope.operator?.name ?? null,
        airtimeFee: after?.airtimeFee ?? null,
        standardFee: after?.standardFee ?? null,
        actorId: change.actor.id,
        actorEmail: change.actor.email,
        reason: change.reason,
        createdAt: change.now,
      });
      const shown = (fees: { airtimeFee: string; standardFee: string }) => ({
        airtimeFeePercent: hundredthsText(percentHundredthsOf(Number(fees.airtimeFee))),
        standardFee: formatUsd(toCents(fees.standardFee)),
      });
      await recordAdminAction(tx, {
        actor: change.actor,
        action: after ? 'pricing.rule_set' : 'pricing.rule_remove',
        targetType: 'config',
        targetId: scope.operator ? `fee-rule:${scope.countryIso}:${scope.operator.operatorId}` : `fee-rule:${scope.countryIso}`,
        reason: change.reason,
        before: { version: current.version, ...(before ? shown(before) : {}) },
        after: { version, ...(after ? shown(after) : {}), ...(scope.operator ? { operatorName: scope.operator.name } : {}) },
        now: change.now,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const current = await readFeeRules(db, catalogue);
      throw settingsConflict({ version: current.version, rules: current.rules });
    }
    throw error;
  }
  return readFeeRules(db, catalogue);
}

interface RuleScope {
  countryIso: string;
  operator: Pick<ProviderOperator, 'operatorId' | 'name'> | null;
}

const ruleWhere = (catalogue: Catalogue, scope: RuleScope) =>
  and(
    eq(feeRules.countryIso, scope.countryIso),
    scope.operator
      ? and(eq(feeRules.provider, catalogue.switches.provider), eq(feeRules.operatorId, scope.operator.operatorId))
      : isNull(feeRules.operatorId),
  );

/** The rule's country (and operator), checked against the catalogue; with the operators its fees would price. */
async function scopeOf(
  db: Database,
  catalogue: Catalogue,
  countryIso: string,
  operatorId: number | null,
): Promise<{ scope: RuleScope; operators: ProviderOperator[] }> {
  const operators = await operatorsOf(db, catalogue, countryIso);
  if (operatorId === null) return { scope: { countryIso, operator: null }, operators };
  const operator = operators.find((candidate) => candidate.operatorId === operatorId);
  if (!operator) throw unknownOperator();
  return { scope: { countryIso, operator }, operators: [operator] };
}

/** The operators a country's rule prices: those of its operators that have no rule of their own. */
async function pricedByCountryRule(db: Database, catalogue: Catalogue, operators: ProviderOperator[], countryIso: string) {
  const own = await db
    .select({ operatorId: feeRules.operatorId })
    .from(feeRules)
    .where(and(eq(feeRules.countryIso, countryIso), eq(feeRules.provider, catalogue.switches.provider)));
  const withRule = new Set(own.map((row) => row.operatorId));
  return operators.filter((operator) => !withRule.has(operator.operatorId));
}

/** PUT /api/admin/pricing/rules: adds or replaces a country's or an operator's rule, unless it would sell below cost. */
export async function setFeeRule(db: Database, catalogue: Catalogue, change: RuleChange & z.output<typeof adminFeeRuleBodySchema>) {
  const { scope, operators } = await scopeOf(db, catalogue, change.countryCode, change.operatorId);
  const fees: FeeConfig = { airtimeFee: fractionOf(change.airtimeFeePercent), standardFeeCents: change.standardFee };
  refuseSaleAtLoss(scope.operator ? operators : await pricedByCountryRule(db, catalogue, operators, scope.countryIso), fees);
  const airtimeFee = String(fees.airtimeFee);
  const standardFee = formatUsd(fees.standardFeeCents);
  return changeRules(db, catalogue, { ...change, scope }, async (tx) => {
    const [before] = await tx.select().from(feeRules).where(ruleWhere(catalogue, scope)).for('update');
    const values = { airtimeFee, standardFee, updatedAt: change.now, updatedById: change.actor.id, updatedByEmail: change.actor.email };
    if (before)
      await tx
        .update(feeRules)
        .set({ ...values, operatorName: scope.operator?.name ?? null })
        .where(eq(feeRules.id, before.id));
    else
      await tx.insert(feeRules).values({
        ...values,
        countryIso: scope.countryIso,
        provider: scope.operator ? catalogue.switches.provider : null,
        operatorId: scope.operator?.operatorId ?? null,
        operatorName: scope.operator?.name ?? null,
      });
    return { before, after: { airtimeFee, standardFee } };
  });
}

const ruleNotFound = () => new DomainError('not_found', 'FEE_RULE_NOT_FOUND', { key: 'apiErrors.feeRuleNotFound' });

/** DELETE /api/admin/pricing/rules: removes a rule; its country or operator is priced by the next rule out again. */
export async function removeFeeRule(db: Database, catalogue: Catalogue, change: RuleChange & z.output<typeof adminFeeRuleRemovalSchema>) {
  const [existing] = await db
    .select()
    .from(feeRules)
    .where(
      and(
        eq(feeRules.countryIso, change.countryCode),
        change.operatorId === null
          ? isNull(feeRules.operatorId)
          : and(eq(feeRules.provider, catalogue.switches.provider), eq(feeRules.operatorId, change.operatorId)),
      ),
    );
  if (!existing) throw ruleNotFound();
  const scope: RuleScope = {
    countryIso: existing.countryIso,
    operator: existing.operatorId === null ? null : { operatorId: existing.operatorId, name: existing.operatorName ?? '' },
  };
  return changeRules(db, catalogue, { ...change, scope }, async (tx) => {
    const [before] = await tx.delete(feeRules).where(eq(feeRules.id, existing.id)).returning();
    if (!before) throw ruleNotFound();
    return { before, after: null };
  });
}
