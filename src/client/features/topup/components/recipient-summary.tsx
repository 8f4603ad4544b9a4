import { useTranslation } from 'react-i18next';
import { formatPhoneInternational } from '@shared/phone-format';
import type { SelectedCountry } from '../lib/country-selection';
import { Flag } from './flag';

/** Who receives the top-up: flag, full number and operator, wrapped rather than cut on a narrow screen. */
export function RecipientSummary({ country, phone, operatorName }: { country: SelectedCountry; phone: string; operatorName: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Flag src={country.flag} />
      <div className="min-w-0">
        <p dir="ltr" className="break-words text-start font-semibold" data-testid="recipient-number">
          {formatPhoneInternational(phone, country.phoneCode)}
        </p>
        <p className="break-words text-sm text-muted-foreground">
          {t('topup.amount.operator')}: <span data-testid="operator-name">{operatorName}</span>
        </p>
      </div>
    </div>
  );
}
