import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { DescriptionRow } from '@/components/ui/description-row';
import { customerPath } from '../admin-paths';
import { customerReferralsQueryOptions } from '../api/referrals';
import { formatCents, formatDateTime } from '../lib/format';
import { useLanguage } from '../lib/use-language';
import { AdminSection } from './admin-page-frame';
import { linkClass } from './link-class';
import { Loaded } from './query-state';
import { EmptyRow, ScrollTable, Td, Th, Tr } from './table';

/**
 * The customer page's "Refer a friend" (ADR 070): their code, the credit left and granted, and every referral they
 * are part of, from either side, with its status and, when refused, the reason.
 */
export function CustomerReferralsSection({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useQuery(customerReferralsQueryOptions(customerId));
  return (
    <AdminSection title={t('admin.referrals.title')} id="customer-referrals">
      <Loaded query={query}>
        {(data) => (
          <div className="flex flex-col gap-4">
            <dl className="divide-y text-sm" data-testid="customer-referral-facts">
              <DescriptionRow label={t('admin.referrals.code')} testId="customer-referral-code" code>
                {data.code ?? t('admin.common.none')}
              </DescriptionRow>
              <DescriptionRow label={t('admin.referrals.creditLeft')} testId="customer-referral-credit" ltr>
                {formatCents(data.creditCents, language)}
              </DescriptionRow>
              <DescriptionRow label={t('admin.referrals.creditGranted')} testId="customer-referral-granted" ltr>
                {formatCents(data.grantedCents, language)}
              </DescriptionRow>
            </dl>
            <ScrollTable label={t('admin.referrals.table')} minWidth="min-w-[40rem]" testId="customer-referrals-table">
              <thead>
                <tr>
                  <Th>{t('admin.referrals.columns.role')}</Th>
                  <Th>{t('admin.referrals.columns.other')}</Th>
                  <Th>{t('admin.referrals.columns.status')}</Th>
                  <Th>{t('admin.referrals.columns.joined')}</Th>
                </tr>
              </thead>
              <tbody>
                {data.referrals.length === 0 && <EmptyRow columns={4}>{t('admin.referrals.none')}</EmptyRow>}
                {data.referrals.map((referral) => (
                  <Tr key={referral.id} data-testid="customer-referral">
                    <Td>{t(`admin.referrals.roles.${referral.role}`)}</Td>
                    <Td className="max-w-64 break-words">
                      <Link to={customerPath(referral.otherUserId)} className={linkClass}>
                        <bdi>{referral.otherEmail ?? referral.otherUserId}</bdi>
                      </Link>
                    </Td>
                    <Td>
                      {t(`admin.referrals.statuses.${referral.status}`)}
                      {referral.refusedReason && (
                        <span className="block text-xs text-muted-foreground" data-testid="customer-referral-reason">
                          {t(`admin.referrals.reasons.${referral.refusedReason}`)}
                        </span>
                      )}
                    </Td>
                    <Td className="whitespace-nowrap">{formatDateTime(referral.createdAt, language)}</Td>
                  </Tr>
                ))}
              </tbody>
            </ScrollTable>
          </div>
        )}
      </Loaded>
    </AdminSection>
  );
}
