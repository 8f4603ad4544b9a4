import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, LockOpen, LogOut, ShieldCheck, ShieldOff, type LucideIcon } from 'lucide-react';
import type { AdminCustomerDetail, AdminCustomerResponse } from '@shared/api/admin';
import { DescriptionRow } from '@/components/ui/description-row';
import { ADMIN_PATHS, ordersPathWith } from '../admin-paths';
import { customerQueryOptions, runCustomerAction } from '../api/customers';
import { AccountBadges } from '../components/account-badges';
import { shownRows } from '../components/admin-list';
import { ActionPanel, type ActionLook } from '../components/action-panel';
import { AdminPageFrame, AdminSection } from '../components/admin-page-frame';
import { CustomerReferralsSection } from '../components/customer-referrals-section';
import { NotFoundNotice } from '../components/not-found-notice';
import { linkClass } from '../components/link-class';
import { OrdersList } from '../components/orders-table';
import { Loaded } from '../components/query-state';
import { EmptyRow, ScrollTable, Td, Th, Tr } from '../components/table';
import { customerActionsFor, type CustomerActionChoice } from '../lib/actions';
import { formatCents, formatDateTime } from '../lib/format';
import { useLanguage } from '../lib/use-language';
import { isolatedIn } from '../components/isolated-in';

const ACTION_ICONS: Record<CustomerActionChoice, LucideIcon> = {
  block: Ban,
  unblock: LockOpen,
  'end-sessions': LogOut,
  'grant-admin': ShieldCheck,
  'revoke-admin': ShieldOff,
};

/** Block or unblock, end every session, give or remove admin rights; the server refuses the last admin and oneself. */
function CustomerActions({ customer }: { customer: AdminCustomerDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const look = (action: CustomerActionChoice): ActionLook => ({
    label: t(`admin.customerAction.${action}`),
    icon: ACTION_ICONS[action],
    destructive: action === 'block',
    dialogTitle: t(`admin.customerAction.${action}Title`),
    dialogBody: t(`admin.customerAction.${action}Body`),
    doneText: t(`admin.customerAction.${action}Done`),
  });
  return (
    <ActionPanel
      title={t('admin.customer.actions')}
      id="customer-actions"
      actions={customerActionsFor(customer)}
      look={look}
      run={(action, reason) => runCustomerAction(customer.id, action, reason)}
      onDone={(answer) =>
        queryClient.setQueryData(customerQueryOptions(customer.id).queryKey, (current) => current && { ...current, customer: answer.customer })
      }
    />
  );
}

function Row({ label, testId, children, code }: { label: string; testId: string; children: ReactNode; code?: boolean }) {
  return (
    <DescriptionRow label={label} testId={testId} code={code}>
      {children}
    </DescriptionRow>
  );
}

function AccountFacts({ customer }: { customer: AdminCustomerDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const yesNo = (value: boolean) => t(value ? 'admin.common.yes' : 'admin.common.no');
  return (
    <AdminSection title={t('admin.customer.account')} id="customer-account">
      {customer.blocked && (
        <div className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive" data-testid="customer-blocked">
          <p className="font-semibold">
            {customer.blockedAt
              ? t('admin.customer.blockedSince', { date: formatDateTime(customer.blockedAt, language) })
              : t('admin.customers.blocked')}
          </p>
          {customer.blockedReason && (
            <p dir="auto" className="break-words">
              {isolatedIn((slot) => t('admin.customer.blockedReason', { reason: slot }), customer.blockedReason)}
            </p>
          )}
        </div>
      )}
      <dl className="text-sm">
        <Row label={t('admin.customer.id')} testId="customer-id" code>
          {customer.id}
        </Row>
        <Row label={t('admin.customer.email')} testId="customer-email">
          {customer.email}
        </Row>
        <Row label={t('admin.customer.name')} testId="customer-name">
          <bdi>{customer.name || t('admin.common.none')}</bdi>
        </Row>
        <Row label={t('admin.customer.username')} testId="customer-username">
          {customer.username ?? t('admin.common.none')}
        </Row>
        <Row label={t('admin.customer.language')} testId="customer-language">
          {t(`language.${customer.language}`, { defaultValue: customer.language })}
        </Row>
        <Row label={t('admin.customer.createdAt')} testId="customer-created-at">
          {formatDateTime(customer.createdAt, language)}
        </Row>
        <Row label={t('admin.customer.emailVerified')} testId="customer-email-verified">
          {yesNo(customer.emailVerified)}
        </Row>
        <Row label={t('admin.customer.twoFactor')} testId="customer-two-factor">
          {t(customer.twoFactorEnabled ? 'admin.customer.on' : 'admin.customer.off')}
        </Row>
        <Row label={t('admin.customer.isAdmin')} testId="customer-is-admin">
          {yesNo(customer.isAdmin)}
        </Row>
        <Row label={t('admin.customer.signInMethods')} testId="customer-sign-in-methods">
          {customer.signInMethods.length === 0
            ? t('admin.common.none')
            : customer.signInMethods.map((method) => t(`admin.customer.method.${method}`, { defaultValue: method })).join(', ')}
        </Row>
      </dl>
    </AdminSection>
  );
}

function Totals({ totals }: { totals: AdminCustomerDetail['totals'] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (cents: number) => formatCents(cents, language);
  const used = totals.dailyLimitCents > 0 ? Math.min(100, Math.round((totals.last24hCents / totals.dailyLimitCents) * 100)) : 0;
  return (
    <AdminSection title={t('admin.customer.totals')} id="customer-totals">
      <dl className="text-sm">
        <DescriptionRow label={t('admin.customer.paid')} testId="customer-paid" ltr>
          {money(totals.paidCents)}
        </DescriptionRow>
        <DescriptionRow label={t('admin.customer.refunded')} testId="customer-refunded" ltr>
          {money(totals.refundedCents)}
        </DescriptionRow>
        <DescriptionRow label={t('admin.customer.orderCount')} testId="customer-order-count">
          {totals.orderCount}
        </DescriptionRow>
        <DescriptionRow label={t('admin.customer.last24h')} testId="customer-last-24h">
          {t('admin.customer.last24hOfCap', { spent: money(totals.last24hCents), cap: money(totals.dailyLimitCents) })}
        </DescriptionRow>
      </dl>
      <div className="flex flex-col gap-1">
        <span className="text-xs text-muted-foreground" aria-hidden="true">
          {t('admin.customer.capUsage')}: {used}%
        </span>
        <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
          <div className={used >= 90 ? 'h-full bg-destructive' : 'h-full bg-primary'} style={{ inlineSize: `${used}%` }} />
        </div>
      </div>
    </AdminSection>
  );
}

function Sessions({ sessions }: { sessions: AdminCustomerDetail['sessions'] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <AdminSection title={t('admin.customer.sessions')} id="customer-sessions">
      <ScrollTable label={t('admin.customer.sessionsTable')} minWidth="min-w-[44rem]" testId="customer-sessions-table">
        <thead>
          <tr>
            <Th>{t('admin.customer.sessionColumns.created')}</Th>
            <Th>{t('admin.customer.sessionColumns.expires')}</Th>
            <Th>{t('admin.customer.sessionColumns.ip')}</Th>
            <Th>{t('admin.customer.sessionColumns.device')}</Th>
            <Th>{t('admin.customer.sessionColumns.code')}</Th>
          </tr>
        </thead>
        <tbody>
          {sessions.length === 0 && <EmptyRow columns={5}>{t('admin.customer.noSessions')}</EmptyRow>}
          {sessions.map((session) => (
            <Tr key={session.id} data-testid="customer-session">
              <Td className="whitespace-nowrap">{formatDateTime(session.createdAt, language)}</Td>
              <Td className="whitespace-nowrap">{formatDateTime(session.expiresAt, language)}</Td>
              <Td className="font-mono text-xs" dir="ltr">
                {session.ipAddress ?? t('admin.common.none')}
              </Td>
              <Td className="max-w-80 text-xs break-words text-muted-foreground" dir="ltr">
                {session.userAgent ?? t('admin.common.none')}
              </Td>
              <Td>{t(session.secondFactorVerified ? 'admin.common.yes' : 'admin.common.no')}</Td>
            </Tr>
          ))}
        </tbody>
      </ScrollTable>
    </AdminSection>
  );
}

function CustomerDetail({ data }: { data: AdminCustomerResponse }) {
  const { t } = useTranslation();
  const { customer, orders } = data;
  return (
    <>
      <CustomerActions customer={customer} />
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <AccountFacts customer={customer} />
        <Totals totals={customer.totals} />
      </div>
      <Sessions sessions={customer.sessions} />
      <CustomerReferralsSection customerId={customer.id} />
      <AdminSection
        title={t('admin.customer.orders')}
        id="customer-orders"
        actions={
          <Link to={ordersPathWith(new URLSearchParams({ q: customer.email }))} className={`${linkClass} text-sm`}>
            {t('admin.customer.allOrders')}
          </Link>
        }
      >
        <OrdersList read={shownRows(orders)} label={t('admin.customer.ordersTable')} empty={t('admin.customer.noOrders')} withCustomer={false} />
      </AdminSection>
    </>
  );
}

export function CustomerPage() {
  const { t } = useTranslation();
  const { customerId = '' } = useParams();
  const detail = useQuery(customerQueryOptions(customerId));
  const customer = detail.data?.customer;
  return (
    <AdminPageFrame
      title={customer ? <bdi>{customer.name || customer.email}</bdi> : t('admin.customer.title')}
      lead={
        <Link to={ADMIN_PATHS.customers} className={linkClass}>
          {t('admin.customer.backToCustomers')}
        </Link>
      }
      aside={customer && <AccountBadges customer={customer} />}
    >
      <Loaded
        query={detail}
        notFound={
          <NotFoundNotice message={t('admin.customer.notFound')} backTo={ADMIN_PATHS.customers} backLabel={t('admin.customer.backToCustomers')} />
        }
      >
        {(data) => <CustomerDetail data={data} />}
      </Loaded>
    </AdminPageFrame>
  );
}
