import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { SettlementDay, SettlementFigures, SettlementOperator, SettlementWalletDifference } from '@shared/api/admin-settlement';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { orderPath } from '../admin-paths';
import { settlementCsvPath, settlementQueryOptions, type SettlementRange } from '../api/settlement';
import { AdminList, ListFilters, wholeList } from '../components/admin-list';
import { AdminPageFrame } from '../components/admin-page-frame';
import { Field } from '../components/field';
import { linkClass } from '../components/link-class';
import { Td, Tr } from '../components/table';
import { countryName, formatCents, shortId } from '../lib/format';
import { useLanguage } from '../lib/use-language';

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_DAYS = 30;

/** The range in the URL (from, to), else the last 30 UTC days. */
function rangeOf(params: URLSearchParams): SettlementRange {
  const today = new Date().toISOString().slice(0, 10);
  const from = params.get('from') ?? new Date(Date.now() - (DEFAULT_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from, to: params.get('to') ?? today };
}

function RangeForm({ applied, onApply }: { applied: SettlementRange; onApply: (range: SettlementRange) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(applied);
  return (
    <ListFilters label={t('admin.settlement.range')} onApply={() => onApply(draft)} className="flex flex-wrap items-end gap-4">
      <Field id={`${id}-from`} label={t('admin.settlement.from')}>
        <Input
          id={`${id}-from`}
          type="date"
          value={draft.from}
          max={draft.to}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        />
      </Field>
      <Field id={`${id}-to`} label={t('admin.settlement.to')}>
        <Input id={`${id}-to`} type="date" value={draft.to} min={draft.from} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
      </Field>
      <Button type="submit">{t('admin.common.apply')}</Button>
      <a href={settlementCsvPath(applied)} className={linkClass} download>
        {t('admin.settlement.csv')}
      </a>
    </ListFilters>
  );
}

/** The money columns every table of the page shares, in one order. */
function useMoneyColumns() {
  const { t } = useTranslation();
  const language = useLanguage();
  const cents = (value: number) => formatCents(value, language);
  const labels = [
    t('admin.settlement.completed'),
    t('admin.settlement.captured'),
    t('admin.settlement.refunded'),
    t('admin.settlement.processorFees'),
    t('admin.settlement.providerCost'),
    t('admin.settlement.feesCharged'),
    t('admin.settlement.margin'),
  ];
  const cells = (figures: SettlementFigures) => [
    figures.orders.completed,
    cents(figures.capturedCents),
    cents(figures.refundedCents + figures.disputedCents),
    cents(figures.processorFeeCents),
    cents(figures.providerCostCents),
    cents(figures.feesChargedCents),
    cents(figures.marginCents),
  ];
  return { columns: labels.map((label) => ({ label, className: 'text-end' })), cells, cents };
}

function MoneyCells({ values, negative }: { values: Array<string | number>; negative: boolean }) {
  return values.map((value, index) => (
    <Td
      key={index}
      className={`text-end tabular-nums ${index === values.length - 1 && negative ? 'font-semibold text-red-700 dark:text-red-400' : ''}`}
    >
      <bdi>{value}</bdi>
    </Td>
  ));
}

function DifferenceLinks({ difference }: { difference: SettlementWalletDifference }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap gap-2">
      {difference.previousOrderId && (
        <Link to={orderPath(difference.previousOrderId)} className={`${linkClass} font-mono text-xs`} title={difference.previousOrderId}>
          {shortId(difference.previousOrderId)}
        </Link>
      )}
      <Link to={orderPath(difference.orderId)} className={`${linkClass} font-mono text-xs`} title={difference.orderId}>
        {shortId(difference.orderId)}
      </Link>
      <span className="sr-only">{t(`admin.settlement.kind.${difference.kind}`)}</span>
    </span>
  );
}

/** /admin/settlement: each UTC day's money, the margin per corridor, and the wallet's differences with their orders (ADR 051). */
export function SettlementPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const range = rangeOf(params);
  const settlement = useQuery(settlementQueryOptions(range));
  const { columns, cells, cents } = useMoneyColumns();
  const totals = settlement.data?.totals;
  return (
    <AdminPageFrame title={t('admin.settlement.title')} lead={t('admin.settlement.lead')}>
      <RangeForm key={`${range.from}:${range.to}`} applied={range} onApply={(next) => setParams(new URLSearchParams({ ...next }))} />
      {totals && (
        <dl className="grid grid-cols-2 gap-4 rounded-2xl border bg-card p-4 text-sm sm:grid-cols-4" data-testid="settlement-totals">
          {(
            [
              ['captured', totals.capturedCents],
              ['providerCost', totals.providerCostCents],
              ['processorFees', totals.processorFeeCents],
              ['margin', totals.marginCents],
            ] as const
          ).map(([key, value]) => (
            <div key={key}>
              <dt className="text-muted-foreground">{t(`admin.settlement.${key}`)}</dt>
              <dd className="text-lg font-semibold tabular-nums">
                <bdi>{cents(value)}</bdi>
              </dd>
            </div>
          ))}
        </dl>
      )}
      <div className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">{t('admin.settlement.days')}</h2>
        <AdminList<SettlementDay>
          read={wholeList(settlement, (data) => [...data.days].reverse())}
          label={t('admin.settlement.days')}
          columns={[{ label: t('admin.settlement.day') }, ...columns, { label: t('admin.settlement.walletDifference'), className: 'text-end' }]}
          minWidth="64rem"
          testId="settlement-days"
          empty={t('admin.settlement.none')}
          rowKey={(day) => day.day}
          row={(day) => (
            <Tr>
              <Td className="whitespace-nowrap">
                <bdi>{day.day}</bdi>
              </Td>
              <MoneyCells values={cells(day)} negative={day.marginCents < 0} />
              <Td className="text-end tabular-nums">
                <bdi>{cents(day.walletDifferenceCents)}</bdi>
              </Td>
            </Tr>
          )}
        />
      </div>
      <div className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">{t('admin.settlement.corridors')}</h2>
        <AdminList<SettlementOperator>
          read={wholeList(settlement, (data) => data.operators)}
          label={t('admin.settlement.corridors')}
          columns={[{ label: t('admin.settlement.corridor') }, ...columns]}
          minWidth="60rem"
          testId="settlement-corridors"
          empty={t('admin.settlement.none')}
          rowKey={(operator) => `${operator.operatorId}:${operator.countryIso}`}
          row={(operator) => (
            <Tr>
              <Td>
                <bdi>{operator.operatorName}</bdi>
                <span className="block text-xs text-muted-foreground">{countryName(operator.countryIso, language)}</span>
              </Td>
              <MoneyCells values={cells(operator)} negative={operator.marginCents < 0} />
            </Tr>
          )}
        />
      </div>
      <div className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">{t('admin.settlement.differences')}</h2>
        <AdminList<SettlementWalletDifference>
          read={wholeList(settlement, (data) => data.walletDifferences)}
          label={t('admin.settlement.differences')}
          columns={[
            { label: t('admin.settlement.day') },
            { label: t('admin.settlement.what') },
            { label: t('admin.settlement.amount'), className: 'text-end' },
            { label: t('admin.settlement.orders') },
          ]}
          minWidth="40rem"
          testId="settlement-differences"
          empty={t('admin.settlement.noDifferences')}
          rowKey={(difference) => `${difference.orderId}:${difference.kind}`}
          row={(difference) => (
            <Tr>
              <Td className="whitespace-nowrap">
                <bdi>{difference.day}</bdi>
              </Td>
              <Td>{t(`admin.settlement.kind.${difference.kind}`)}</Td>
              <Td className="text-end tabular-nums">
                <bdi>{cents(difference.amountCents)}</bdi>
              </Td>
              <Td>
                <DifferenceLinks difference={difference} />
              </Td>
            </Tr>
          )}
        />
      </div>
    </AdminPageFrame>
  );
}
