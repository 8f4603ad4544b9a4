import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import type { RestoreNotice } from '../use-restore';

const TEXTS: Record<RestoreNotice, { title?: string; body: string }> = {
  restored: { title: 'auth.restoredTitle', body: 'auth.restoredBody' },
  incomplete: { body: 'auth.incomplete' },
};

/**
 * What the flow says about a top-up it put back on screen, inside the form it concerns rather than in a toast that
 * could cover its fields (ADR 065). Announced politely: it tells, it asks nothing.
 */
export function FlowNotice({ notice }: { notice: RestoreNotice }) {
  const { t } = useTranslation();
  const { title, body } = TEXTS[notice];
  return (
    <div role="status" className="flex gap-2 rounded-lg border border-primary/40 bg-accent/60 p-3 text-sm" data-testid="flow-notice">
      <Icon name="badge-check" className="mt-0.5 size-4 text-primary" />
      <div className="flex min-w-0 flex-col gap-0.5">
        {title && <p className="font-semibold">{t(title)}</p>}
        <p className="break-words">{t(body)}</p>
      </div>
    </div>
  );
}
