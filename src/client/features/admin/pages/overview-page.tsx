import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { OVERVIEW_WINDOWS, type AdminOverviewResponse, type OverviewWindow } from '@shared/api/admin-overview';
import { cn } from '@/lib/utils';
import { overviewQueryOptions } from '../api/overview';
import { AdminPageFrame, AdminSection } from '../components/admin-page-frame';
import { Charts } from '../components/overview/charts-section';
import { OperatorHealthSection } from '../components/overview/operator-health';
import { DeclineRateNotice, FunnelSection } from '../components/overview/funnel-section';
import { WalletSection } from '../components/overview/wallet-section';
import { StatusTable, TopList, WindowFigures } from '../components/overview/window-figures';
import { Loaded } from '../components/query-state';
import { formatDay } from '../lib/overview-series';
import { readChoice } from '../lib/search-params';
import { useLanguage } from '../lib/use-language';

const DEFAULT_WINDOW: OverviewWindow = 'today';

/** The period the figures are for, as a segmented control of native radio buttons (arrow keys move between them). */
function WindowPicker({ chosen, onChoose }: { chosen: OverviewWindow; onChoose: (window: OverviewWindow) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="inline-flex rounded-xl border bg-muted p-1" data-testid="overview-windows">
      <legend className="sr-only">{t('admin.overview.windowsLabel')}</legend>
      {OVERVIEW_WINDOWS.map((name) => (
        <label
          key={name}
          className={cn(
            'cursor-pointer rounded-lg px-3 py-1.5 text-sm font-medium has-focus-visible:outline-2 has-focus-visible:outline-ring',
            chosen === name ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground',
          )}
        >
          <input
            type="radio"
            name="overview-window"
            value={name}
            checked={chosen === name}
            onChange={() => onChoose(name)}
            className="sr-only"
            data-testid={`overview-window-${name}`}
          />
          {t(`admin.overview.windows.${name}`)}
        </label>
      ))}
    </fieldset>
  );
}

function Figures({ overview }: { overview: AdminOverviewResponse }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const chosen = readChoice(params, 'window', OVERVIEW_WINDOWS) || DEFAULT_WINDOW;
  const choose = (window: OverviewWindow) => {
    const next = new URLSearchParams(params);
    if (window === DEFAULT_WINDOW) next.delete('window');
    else next.set('window', window);
    setParams(next, { replace: true });
  };
  const figures = overview.windows[chosen];
  return (
    <>
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <WindowPicker chosen={chosen} onChoose={choose} />
          <p className="text-sm text-muted-foreground" data-testid="overview-range">
            {t('admin.overview.range', { from: formatDay(figures.from, language, 'long'), to: formatDay(overview.today, language, 'long') })}
          </p>
        </div>
        <DeclineRateNotice rate={overview.declineRate} />
        <WindowFigures figures={figures} attentionCount={overview.attentionCount} />
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <AdminSection title={t('admin.overview.byStatus')} id="overview-status" className="self-start">
          <StatusTable figures={figures} />
        </AdminSection>
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <TopList figures={figures} by="country" />
          <TopList figures={figures} by="operator" />
        </div>
      </div>
      <OperatorHealthSection operators={overview.operatorHealth} />
      <FunnelSection overview={overview} />
      <Charts overview={overview} />
    </>
  );
}

export function OverviewPage() {
  const { t } = useTranslation();
  const overview = useQuery(overviewQueryOptions());
  return (
    <AdminPageFrame title={t('admin.overview.title')} lead={t('admin.overview.summary')}>
      <Loaded query={overview}>{(data) => <Figures overview={data} />}</Loaded>
      <WalletSection />
    </AdminPageFrame>
  );
}
