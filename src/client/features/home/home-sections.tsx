import { useTranslation } from 'react-i18next';
import { HOW_IT_WORKS_ANCHOR } from '@shared/routes';
import { LazyIcon } from '@/components/ui/icon';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const FEATURES = [
  { key: 'instant', icon: 'zap' },
  { key: 'coverage', icon: 'globe' },
  { key: 'support', icon: 'clock-3' },
] as const;

const HOW_STEPS = [
  { key: 'enterNumber', icon: 'hash' },
  { key: 'chooseAmount', icon: 'wallet' },
  { key: 'pay', icon: 'credit-card' },
  { key: 'delivered', icon: 'smartphone' },
] as const;

/**
 * The home page's sections under the first screen: why people send with us, and how it works. In a module of their
 * own, loaded after the first bundle (and before a pre-rendered page is taken over), so that the first screen's code
 * stays within its budget (ADR 066).
 */
export function HomeSections() {
  const { t } = useTranslation();
  return (
    <>
      <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight">
          {t('home.featuresTitle')}
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {FEATURES.map(({ key, icon }) => (
            <li key={key}>
              <Card className="h-full" data-testid={`feature-${key}`}>
                <CardHeader>
                  <span className="mb-2 flex size-12 items-center justify-center rounded-xl bg-accent text-accent-foreground">
                    <LazyIcon name={icon} className="size-6" />
                  </span>
                  <CardTitle>{t(`home.features.${key}.title`)}</CardTitle>
                  <CardDescription>{t(`home.features.${key}.body`)}</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section id={HOW_IT_WORKS_ANCHOR} aria-labelledby="how-title" className="scroll-mt-20 border-y bg-card">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="how-title" className="text-center text-3xl font-bold tracking-tight">
            {t('home.howTitle')}
          </h2>
          <p className="mt-2 text-center text-muted-foreground">{t('home.howSubtitle')}</p>
          <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {HOW_STEPS.map(({ key, icon }, index) => (
              <li key={key} className="flex flex-col items-center gap-3 text-center">
                <span className="relative flex size-16 items-center justify-center rounded-full bg-primary text-primary-foreground">
                  <LazyIcon name={icon} className="size-7" />
                  <span className="absolute -end-1 -top-1 flex size-7 items-center justify-center rounded-full border-2 border-card bg-accent text-sm font-bold text-accent-foreground">
                    {index + 1}
                  </span>
                </span>
                <h3 className="text-lg font-semibold">{t(`home.how.${key}.title`)}</h3>
                <p className="text-sm text-muted-foreground">{t(`home.how.${key}.body`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}
