import { useTranslation } from 'react-i18next';
import { Ban, CircleCheck, CircleOff } from 'lucide-react';
import type { CatalogueCountryStatus } from '@shared/api/admin-catalogue';
import { flagUrl } from '@shared/flags';
import { cn } from '@/lib/utils';
import { Badge, type Tone } from './status-badge';

const STATUS_LOOKS: Record<CatalogueCountryStatus, { tone: Tone; icon: typeof Ban }> = {
  enabled: { tone: 'good', icon: CircleCheck },
  disabled: { tone: 'warn', icon: CircleOff },
  blocked: { tone: 'bad', icon: Ban },
};

/** Whether customers can buy top-ups to a destination (or an operator): told by words and an icon, not by colour alone. */
export function CatalogueStatusBadge({ status, testId = 'catalogue-status' }: { status: CatalogueCountryStatus; testId?: string }) {
  const { t } = useTranslation();
  const { tone, icon: Icon } = STATUS_LOOKS[status];
  return (
    <Badge tone={tone} testId={testId}>
      <Icon className="size-3" aria-hidden="true" />
      <span data-status={status}>{t(`admin.catalogue.statuses.${status}`)}</span>
    </Badge>
  );
}

/** A country's flag beside its name; decorative, the name says which country it is. */
export function CountryFlag({ iso, className }: { iso: string; className?: string }) {
  return (
    <img
      src={flagUrl(iso)}
      alt=""
      width={24}
      height={18}
      loading="lazy"
      className={cn('inline-block h-[18px] w-6 shrink-0 rounded-sm object-cover ring-1 ring-border', className)}
      onError={(event) => (event.currentTarget.style.visibility = 'hidden')}
    />
  );
}
