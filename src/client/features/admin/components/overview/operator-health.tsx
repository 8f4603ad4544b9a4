import { useTranslation } from 'react-i18next';
import { OPERATOR_FAILING, type OperatorHealth, type OperatorHealthWindow } from '@shared/api/admin-overview';
import { countryName } from '../../lib/format';
import { formatCount, formatRate, formatSeconds } from '../../lib/overview-series';
import { useLanguage } from '../../lib/use-language';
import { AdminSection } from '../admin-page-frame';
import { Badge } from '../status-badge';
import { ScrollTable, Td, Th, Tr } from '../table';
import { Ltr } from './window-figures';

/** One window's cells: the success rate with its counts, and the 95th percentile time to delivery. */
function WindowCells({ figures, testId }: { figures: OperatorHealthWindow; testId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const none = t('admin.common.none');
  return (
    <>
      <Td className="text-end tabular-nums" data-testid={`${testId}-rate`}>
        <Ltr>{figures.successRate === null ? none : formatRate(figures.successRate, language)}</Ltr>
        <span className="block text-xs text-muted-foreground">
          {t('admin.health.counts', { delivered: formatCount(figures.delivered, language), failed: formatCount(figures.failed, language) })}
        </span>
      </Td>
      <Td className="text-end tabular-nums" data-testid={`${testId}-p95`}>
        <Ltr>{figures.p95Seconds === null ? none : formatSeconds(figures.p95Seconds, language)}</Ltr>
      </Td>
    </>
  );
}

/** The overview's operator health: each operator's deliveries over the last hour and day, the least successful first. */
export function OperatorHealthSection({ operators }: { operators: OperatorHealth[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <AdminSection title={t('admin.health.title')} id="overview-operator-health">
      {operators.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('admin.health.none')}</p>
      ) : (
        <ScrollTable label={t('admin.health.table')} minWidth="min-w-[36rem]" testId="operator-health">
          <thead>
            <tr>
              <Th>{t('admin.overview.operator')}</Th>
              <Th className="text-end">{t('admin.health.hourRate')}</Th>
              <Th className="text-end">{t('admin.health.hourP95')}</Th>
              <Th className="text-end">{t('admin.health.dayRate')}</Th>
              <Th className="text-end">{t('admin.health.dayP95')}</Th>
            </tr>
          </thead>
          <tbody>
            {operators.map((operator) => (
              <Tr key={`${operator.countryIso}-${operator.operatorId}`} data-testid="operator-health-row">
                <Td>
                  <span className="font-medium">{operator.operatorName}</span>
                  {operator.failingNow && (
                    <Badge tone="bad" className="ms-2" testId="operator-health-failing">
                      {t('admin.health.failing', OPERATOR_FAILING)}
                    </Badge>
                  )}
                  <span className="block text-xs text-muted-foreground">{countryName(operator.countryIso, language)}</span>
                </Td>
                <WindowCells figures={operator.lastHour} testId="operator-health-hour" />
                <WindowCells figures={operator.lastDay} testId="operator-health-day" />
              </Tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </AdminSection>
  );
}
