import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleOff } from 'lucide-react';
import { ADMIN_REASON_MAX_LENGTH } from '@shared/api/admin';
import type { AdminCatalogueCountryResponse, AdminCatalogueOperator, CatalogueSwitchAction } from '@shared/api/admin-catalogue';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { switchOperator } from '../../api/catalogue';
import { ADMIN_QUERY_KEY } from '../../api/request';
import { denominationsOf, fxRateText } from '../../lib/catalogue-format';
import { formatDateTime } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';
import { AdminSection } from '../admin-page-frame';
import { CatalogueStatusBadge } from '../catalogue-status';
import { ReasonDialog } from '../reason-dialog';
import { Badge } from '../status-badge';
import { EmptyRow, ScrollTable, Td, Th, Tr } from '../table';
import { useCountryName, useUpdatePage } from './country-page-data';

/** The provider's operators in a destination, each with its switch and its amounts. */

/** An operator's switch: a button in its row, and the reason dialog every change of the console asks for. */
function OperatorSwitch({ iso, blocked, operator }: { iso: string; blocked: boolean; operator: AdminCatalogueOperator }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const updatePage = useUpdatePage(iso);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const action: CatalogueSwitchAction = operator.enabled ? 'disable' : 'enable';
  const texts = { operator: operator.name };
  const mutation = useMutation({
    mutationFn: (reason: string) => switchOperator(iso, operator.operatorId, action, reason),
    onSuccess: (answer) => {
      updatePage((page) => ({
        ...page,
        operators: page.operators.map((candidate) => (candidate.operatorId === answer.operator.operatorId ? answer.operator : candidate)),
      }));
      void queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
      setOpen(false);
      toast({ title: t(`admin.catalogue.operatorAction.${action}Done`, texts) });
    },
  });
  if (action === 'enable' && blocked) {
    return <span className="text-xs text-muted-foreground">{t('admin.catalogue.operators.blockedNoSwitch')}</span>;
  }
  const Icon = action === 'enable' ? CircleCheck : CircleOff;
  return (
    <>
      <Button
        ref={button}
        size="sm"
        variant="outline"
        aria-label={t(`admin.catalogue.operatorAction.${action}Label`, texts)}
        onClick={() => {
          mutation.reset();
          setOpen(true);
        }}
        data-testid={`operator-${action}`}
      >
        <Icon aria-hidden="true" />
        {t(`admin.catalogue.operatorAction.${action}`)}
      </Button>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title={t(`admin.catalogue.operatorAction.${action}Title`, texts)}
        description={t(`admin.catalogue.operatorAction.${action}Body`)}
        submitLabel={t(`admin.catalogue.operatorAction.${action}Label`, texts)}
        destructive={action === 'disable'}
        reasonHint={t('admin.catalogue.reasonHint', { max: ADMIN_REASON_MAX_LENGTH })}
        pending={mutation.isPending}
        error={mutation.isError ? mutation.error : null}
        onSubmit={(reason) => mutation.mutate(reason)}
        // The dialog has no trigger of its own: the focus goes back to the row's switch, which stays in place.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          button.current?.focus();
        }}
      />
    </>
  );
}

function Denominations({ operator }: { operator: AdminCatalogueOperator }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const denominations = denominationsOf(operator, language);
  if (denominations.type === 'FIXED') {
    return (
      <div className="flex flex-col gap-1">
        <span className="text-xs font-semibold text-muted-foreground">{t('admin.catalogue.operators.fixed')}</span>
        <ul className="flex flex-wrap gap-1" data-testid="operator-amounts">
          {denominations.amounts.map(({ amount, plan }) => (
            <li key={amount} className="rounded-md bg-muted px-1.5 py-0.5 text-xs">
              <bdi className="tabular-nums">{amount}</bdi>
              {plan && <span className="text-muted-foreground"> · {plan}</span>}
            </li>
          ))}
        </ul>
        {denominations.local.length > 0 && (
          <span className="text-xs text-muted-foreground">
            {t('admin.catalogue.operators.local')} <bdi>{denominations.local.join(', ')}</bdi>
          </span>
        )}
      </div>
    );
  }
  const none = t('admin.common.none');
  return (
    <div className="flex flex-col gap-1">
      <span className="text-xs font-semibold text-muted-foreground">{t('admin.catalogue.operators.range')}</span>
      <bdi className="tabular-nums" data-testid="operator-amounts">
        {denominations.min ?? none} – {denominations.max ?? none}
      </bdi>
      {denominations.localMin && denominations.localMax && (
        <span className="text-xs text-muted-foreground">
          {t('admin.catalogue.operators.local')}{' '}
          <bdi>
            {denominations.localMin} – {denominations.localMax}
          </bdi>
        </span>
      )}
    </div>
  );
}

export function OperatorsSection({ page }: { page: AdminCatalogueCountryResponse }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { country, operators, operatorsProblem, provider } = page;
  const name = useCountryName(country);
  return (
    <AdminSection title={t('admin.catalogue.operators.title')} id="catalogue-operators">
      <p className="text-sm text-muted-foreground">{t('admin.catalogue.operators.lead', { provider: t(`admin.catalogue.provider.${provider}`) })}</p>
      <ScrollTable label={t('admin.catalogue.operators.table', { country: name })} minWidth="min-w-[56rem]" testId="catalogue-operators-table">
        <thead>
          <tr>
            <Th>{t('admin.catalogue.operators.columns.operator')}</Th>
            <Th>{t('admin.catalogue.operators.columns.denominations')}</Th>
            <Th>{t('admin.catalogue.operators.columns.fxRate')}</Th>
            <Th>{t('admin.catalogue.operators.columns.status')}</Th>
            <Th>
              <span className="sr-only">{t('admin.catalogue.operators.columns.switch')}</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {operators.length === 0 && (
            <EmptyRow columns={5}>{t(`admin.catalogue.operators.${operatorsProblem === null ? 'empty' : operatorsProblem}`)}</EmptyRow>
          )}
          {operators.map((operator) => (
            <Tr key={operator.operatorId} data-testid="operator-row" data-operator-id={operator.operatorId} data-enabled={operator.enabled}>
              <Td className="max-w-56">
                <span className="block font-medium break-words" dir="auto">
                  {operator.name}
                </span>
                <span className="block font-mono text-xs text-muted-foreground">
                  {t('admin.catalogue.operators.id', { id: operator.operatorId })}
                </span>
                {(operator.bundle || operator.data || operator.pin) && (
                  <span className="mt-1 flex flex-wrap gap-1">
                    {operator.bundle && <Badge tone="neutral">{t('admin.catalogue.operators.bundle')}</Badge>}
                    {operator.data && <Badge tone="neutral">{t('admin.catalogue.operators.data')}</Badge>}
                    {operator.pin && <Badge tone="neutral">{t('admin.catalogue.operators.pin')}</Badge>}
                  </span>
                )}
              </Td>
              <Td className="max-w-96">
                <Denominations operator={operator} />
              </Td>
              <Td className="whitespace-nowrap">
                <bdi className="tabular-nums" data-testid="operator-fx-rate">
                  {fxRateText(operator, language) ?? t('admin.catalogue.operators.noRate')}
                </bdi>
              </Td>
              <Td className="max-w-64">
                <CatalogueStatusBadge status={operator.enabled ? 'enabled' : 'disabled'} testId="operator-status" />
                {!operator.enabled && (
                  <span className="mt-1 block text-xs break-words text-muted-foreground" data-testid="operator-reason">
                    <span dir="auto">{operator.disabledReason}</span>
                    {operator.disabledAt && <> · {t('admin.catalogue.since', { date: formatDateTime(operator.disabledAt, language) })}</>}
                  </span>
                )}
              </Td>
              <Td className="text-end">
                <OperatorSwitch iso={country.isoName} blocked={country.blocked} operator={operator} />
              </Td>
            </Tr>
          ))}
        </tbody>
      </ScrollTable>
    </AdminSection>
  );
}
