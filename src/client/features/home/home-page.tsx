import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOW_IT_WORKS_ANCHOR, ROUTES } from '@shared/routes';
import { Button } from '@/components/ui/button';
import { Icon, LazyIcon } from '@/components/ui/icon';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

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

const TRUST = [
  { key: 'secure', icon: 'lock' },
  { key: 'chargedOnDelivery', icon: 'badge-check' },
  { key: 'transparent', icon: 'wallet' },
] as const;

export const TOP_UP_SECTION_ID = 'send-top-up';

/**
 * `flow` is the top-up flow, which the app layer loads lazily so the first bundle stays small (ADR 003); `sendAgain`
 * a signed-in customer's 'Send again' shortcuts, loaded the same way and only for them.
 */
export function HomePage({ flow, sendAgain }: { flow: ReactNode; sendAgain?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <section className="relative overflow-hidden border-b bg-gradient-to-b from-accent/60 to-background">
        <div className="mx-auto grid max-w-6xl items-start gap-10 px-4 py-12 lg:grid-cols-2 lg:py-20">
          <div className="flex flex-col gap-5">
            <p className="text-sm font-semibold tracking-wide text-primary">{t('brand.slogan')}</p>
            <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{t('home.headline')}</h1>
            <p className="max-w-xl text-lg text-muted-foreground">{t('home.intro')}</p>
            <div className="flex flex-wrap gap-3">
              <Button size="lg" asChild>
                <a href={`#${TOP_UP_SECTION_ID}`}>{t('home.startCta')}</a>
              </Button>
              <Button size="lg" variant="outline" asChild>
                <a href={`#${HOW_IT_WORKS_ANCHOR}`}>{t('home.howCta')}</a>
              </Button>
            </div>
            <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
              {TRUST.map(({ key, icon }) => (
                <li key={key} className="flex items-center gap-2">
                  <Icon name={icon} className="size-4 text-primary" />
                  {t(`home.trust.${key}`)}
                </li>
              ))}
            </ul>
            {sendAgain}
            <p className="text-sm">
              <Link to={ROUTES.requestTopUp} className="font-medium text-primary underline-offset-4 hover:underline">
                {t('home.requestCta')}
              </Link>
            </p>
          </div>

          <Card id={TOP_UP_SECTION_ID} className="scroll-mt-24" aria-labelledby="top-up-title">
            <CardHeader>
              <h2 id="top-up-title" className="text-2xl font-semibold">
                {t('home.flowTitle')}
              </h2>
              <CardDescription>{t('home.flowSubtitle')}</CardDescription>
            </CardHeader>
            <CardContent>{flow}</CardContent>
          </Card>
        </div>
      </section>

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
