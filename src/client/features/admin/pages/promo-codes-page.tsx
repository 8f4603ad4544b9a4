import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { AdminPromoCode } from '@shared/api/promo-codes';
import { Button } from '@/components/ui/button';
import { ADMIN_PATHS, orderPath } from '../admin-paths';
import { createPromoCode, promoCodeOrdersQueryOptions, promoCodesQueryOptions, updatePromoCode } from '../api/promo-codes';
import { ADMIN_QUERY_KEY } from '../api/request';
import { AdminPageFrame, AdminSection } from '../components/admin-page-frame';
import { linkClass } from '../components/link-class';
import { PromoCodeForm } from '../components/promo-code-form';
import { LoadError, Loading } from '../components/query-state';
import { OrderStatusBadge } from '../components/status-badge';
import { EmptyRow, ScrollTable, Td, Th, Tr } from '../components/table';
import { formatCents, formatDateTime } from '../lib/format';
import { draftOf, emptyPromoDraft, promoBodyOf, type PromoDraft } from '../lib/promo-form';
import { useLanguage } from '../lib/use-language';

/** The page's link to a code's orders: the list below its table, kept in the address so it can be shared. */
export const promoOrdersPath = (id: number) => `${ADMIN_PATHS.promoCodes}?orders=${id}`;

/** A code's discount as its terms say it: "10 % of the fee", "$2.00 off the total". */
function TermsText({ code }: { code: AdminPromoCode }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const value = code.kind === 'percent' ? `${code.value / 100} %` : formatCents(code.value, language);
  return (
    <span>
      <bdi dir="ltr">{value}</bdi> {t(`admin.promo.off.${code.appliesTo}`)}
      {code.firstTopUpOnly && <span className="block text-xs text-muted-foreground">{t('admin.promo.firstTopUpOnly')}</span>}
      {code.minAmountCents > 0 && (
        <span className="block text-xs text-muted-foreground">
          {t('admin.promo.minimumShort', { amount: formatCents(code.minAmountCents, language) })}
        </span>
      )}
    </span>
  );
}

/** One code's row: terms, window, budget used and left, uses, discount given, and its actions. */
function PromoRow({ code, onEdit }: { code: AdminPromoCode; onEdit(): void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Tr data-testid={`promo-row-${code.code}`}>
      <Td className="font-mono font-semibold">
        {code.code}
        {!code.enabled && <span className="block font-sans text-xs font-normal text-muted-foreground">{t('admin.promo.disabled')}</span>}
      </Td>
      <Td>
        <TermsText code={code} />
      </Td>
      <Td className="whitespace-nowrap">
        <span className="block">{formatDateTime(code.startsAt, language)}</span>
        <span className="block text-muted-foreground">{formatDateTime(code.endsAt, language)}</span>
      </Td>
      <Td dir="ltr" className="text-end">
        {code.budgetCents === null
          ? t('admin.promo.noBudget')
          : t('admin.promo.budgetLeft', {
              used: formatCents(code.discountCents, language),
              left: formatCents(Math.max(code.budgetCents - code.discountCents, 0), language),
            })}
      </Td>
      <Td className="text-end" data-testid={`promo-uses-${code.code}`}>
        {code.uses}
        {code.usesPerCustomer !== null && (
          <span className="block text-xs text-muted-foreground">{t('admin.promo.perCustomer', { count: code.usesPerCustomer })}</span>
        )}
      </Td>
      <Td dir="ltr" className="text-end" data-testid={`promo-discount-${code.code}`}>
        {formatCents(code.discountCents, language)}
      </Td>
      <Td className="whitespace-nowrap">
        <div className="flex flex-col items-start gap-1">
          <Link className={linkClass} to={promoOrdersPath(code.id)} aria-label={t('admin.promo.ordersOf', { code: code.code })}>
            {t('admin.promo.orders')}
          </Link>
          <Button
            type="button"
            variant="link"
            className="h-auto min-h-0 p-0"
            onClick={onEdit}
            aria-label={t('admin.promo.editOf', { code: code.code })}
          >
            {t('admin.promo.edit')}
          </Button>
        </div>
      </Td>
    </Tr>
  );
}

/** The orders that used one code, newest first, each linking to its page. */
function PromoOrders({ code }: { code: AdminPromoCode }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useQuery(promoCodeOrdersQueryOptions(code.id));
  const title = t('admin.promo.ordersTable', { code: code.code });
  if (!query.data) return query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : <Loading />;
  return (
    <ScrollTable label={title} testId="promo-orders" minWidth="min-w-[40rem]">
      <thead>
        <tr>
          <Th>{t('admin.promo.order')}</Th>
          <Th>{t('admin.promo.customer')}</Th>
          <Th>{t('admin.promo.status')}</Th>
          <Th className="text-end">{t('admin.promo.discount')}</Th>
          <Th className="text-end">{t('admin.promo.paid')}</Th>
        </tr>
      </thead>
      <tbody>
        {query.data.orders.length === 0 && <EmptyRow columns={5}>{t('admin.promo.noOrders')}</EmptyRow>}
        {query.data.orders.map((order) => (
          <Tr key={order.id}>
            <Td>
              <Link className={linkClass} to={orderPath(order.id)}>
                <bdi dir="ltr">{order.reference}</bdi>
              </Link>
              <span className="block text-xs text-muted-foreground">{formatDateTime(order.createdAt, language)}</span>
            </Td>
            <Td className="break-all">{order.userEmail ?? '—'}</Td>
            <Td>
              <OrderStatusBadge status={order.status} />
            </Td>
            <Td dir="ltr" className="text-end">
              {formatCents(order.discountCents, language)}
            </Td>
            <Td dir="ltr" className="text-end">
              {formatCents(order.totalCents, language)}
            </Td>
          </Tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

/** /admin/promo-codes (ADR 067): every code with its uses, a new one, a change with its reason, and a code's orders. */
export function PromoCodesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const query = useQuery(promoCodesQueryOptions());
  const [editing, setEditing] = useState<AdminPromoCode | null>(null);
  const [formKey, setFormKey] = useState(0);
  const saved = () => {
    setEditing(null);
    setFormKey((key) => key + 1);
    void queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
  };
  const save = useMutation({
    mutationFn: ({ draft, reason }: { draft: PromoDraft; reason: string }) =>
      editing
        ? updatePromoCode(editing.id, { ...promoBodyOf(draft, reason), version: editing.version })
        : createPromoCode(promoBodyOf(draft, reason)),
    onSuccess: saved,
  });
  const ordersOf = query.data?.codes.find((code) => String(code.id) === params.get('orders'));

  return (
    <AdminPageFrame title={t('admin.promo.title')} lead={t('admin.promo.lead')}>
      <AdminSection title={t('admin.promo.list')} id="promo-list">
        {!query.data ? (
          query.isError ? (
            <LoadError error={query.error} onRetry={() => void query.refetch()} />
          ) : (
            <Loading />
          )
        ) : (
          <ScrollTable label={t('admin.promo.table')} testId="promo-table" minWidth="min-w-[56rem]">
            <thead>
              <tr>
                <Th>{t('admin.promo.code')}</Th>
                <Th>{t('admin.promo.terms')}</Th>
                <Th>{t('admin.promo.window')}</Th>
                <Th className="text-end">{t('admin.promo.budget')}</Th>
                <Th className="text-end">{t('admin.promo.uses')}</Th>
                <Th className="text-end">{t('admin.promo.discountGiven')}</Th>
                <Th>
                  <span className="sr-only">{t('admin.promo.actions')}</span>
                </Th>
              </tr>
            </thead>
            <tbody>
              {query.data.codes.length === 0 && <EmptyRow columns={7}>{t('admin.promo.empty')}</EmptyRow>}
              {query.data.codes.map((code) => (
                <PromoRow
                  key={code.id}
                  code={code}
                  onEdit={() => {
                    save.reset();
                    setEditing(code);
                    setFormKey((key) => key + 1);
                  }}
                />
              ))}
            </tbody>
          </ScrollTable>
        )}
      </AdminSection>
      {ordersOf && (
        <AdminSection title={t('admin.promo.ordersOf', { code: ordersOf.code })} id="promo-orders-title">
          <PromoOrders code={ordersOf} />
        </AdminSection>
      )}
      <AdminSection title={editing ? t('admin.promo.editTitle', { code: editing.code }) : t('admin.promo.create')} id="promo-editor">
        <PromoCodeForm
          key={formKey}
          initial={editing ? draftOf(editing) : emptyPromoDraft()}
          submitLabel={editing ? t('admin.promo.save') : t('admin.promo.createSubmit')}
          pending={save.isPending}
          error={save.error}
          onSubmit={(draft, reason) => save.mutate({ draft, reason })}
          onCancel={
            editing
              ? () => {
                  save.reset();
                  setEditing(null);
                  setFormKey((key) => key + 1);
                }
              : undefined
          }
        />
      </AdminSection>
    </AdminPageFrame>
  );
}
