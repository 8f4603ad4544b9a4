import { useTranslation } from 'react-i18next';
import { flagUrl } from '@shared/flags';
import { Button } from '@/components/ui/button';
import { countryLabel, POPULAR_COUNTRIES, QUICK_COUNTRIES, type CountryEntry } from '../lib/country-list';
import { useUiLanguage } from '../use-ui-language';
import { Flag, LazyFlag } from './flag';

interface QuickCountriesProps {
  /** Code of the chosen country; pressing it again deselects it (docs/product.md §2). */
  selectedCode: string | null;
  onToggle(code: string): void;
  disabled: boolean;
}

/** India, Nigeria and Cuba, always offered (docs/product.md §2). */
export function QuickCountries({ selectedCode, onToggle, disabled }: QuickCountriesProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  return (
    <div role="group" aria-label={t('topup.country.quick')} className="flex flex-wrap gap-2">
      {QUICK_COUNTRIES.map(({ code, name }) => (
        <Button
          key={code}
          type="button"
          size="sm"
          variant="outline"
          aria-pressed={selectedCode === code}
          disabled={disabled}
          className="aria-pressed:border-primary aria-pressed:bg-accent aria-pressed:text-accent-foreground"
          onClick={() => onToggle(code)}
        >
          <Flag src={flagUrl(code)} />
          {countryLabel(code, name, language)}
        </Button>
      ))}
    </div>
  );
}

/**
 * The popular destinations the server has enabled; offered while no country is chosen. Until the list arrives
 * (`entries` undefined) all of them are shown by their own names, not yet pressable, as the quick picks are: the
 * pre-rendered page holds their place, so the page below does not move when they come (ADR 049).
 */
export function PopularDestinations({ entries, onPick }: { entries: CountryEntry[] | undefined; onPick(code: string): void }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const popular = entries
    ? POPULAR_COUNTRIES.flatMap(({ code }) =>
        entries.filter((entry) => entry.country.iso_name.toUpperCase() === code).map(({ label, flag }) => ({ code, label, flag })),
      )
    : POPULAR_COUNTRIES.map(({ code, name }) => ({ code, label: countryLabel(code, name, language), flag: flagUrl(code) }));
  if (popular.length === 0) return null;
  return (
    <section aria-labelledby="popular-destinations" className="flex flex-col gap-2">
      <h3 id="popular-destinations" className="text-sm font-medium text-muted-foreground">
        {t('topup.country.popular')}
      </h3>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {popular.map(({ code, label, flag }) => (
          <li key={code}>
            <button
              type="button"
              disabled={!entries}
              onClick={() => onPick(code)}
              className="flex h-full w-full items-center gap-2 rounded-lg border px-3 py-2 text-start text-sm transition-colors hover:bg-muted disabled:pointer-events-none disabled:opacity-50"
            >
              {/* Fetched when near the screen, as some of these flags are heavy (Dominican Republic's, Guatemala's); on a
                  phone, where the list is on the first screen under the form (ADR 066), the names stand alone. */}
              <span className="hidden sm:flex">
                <LazyFlag src={flag} />
              </span>
              {/* The whole name, on two lines if it must: "Dominican Republic" is not cut short. */}
              <span className="min-w-0 break-words leading-tight">{label}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
