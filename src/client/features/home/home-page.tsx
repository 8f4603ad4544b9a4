import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOW_IT_WORKS_ANCHOR, ROUTES } from '@shared/routes';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

const TRUST = [
  { key: 'secure', icon: 'lock' },
  { key: 'chargedOnDelivery', icon: 'badge-check' },
  { key: 'transparent', icon: 'wallet' },
] as const;

export const TOP_UP_SECTION_ID = 'send-top-up';

/**
 * `flow` is the top-up flow, which the app layer loads lazily so the first bundle stays small (ADR 003); `sendAgain`
 * a signed-in customer's 'Send again' shortcuts, loaded the same way and only for them; `below` the sections under the
 * first screen (home-sections.tsx), loaded the same way too (ADR 066).
 */
export function HomePage({ flow, sendAgain, below }: { flow: ReactNode; sendAgain?: ReactNode; below?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <section className="relative overflow-hidden border-b bg-gradient-to-b from-accent/60 to-background">
        {/* The headline, then the form, then the rest: on a phone the country and number are on the first screen (ADR 066). */}
        <div className="mx-auto grid max-w-6xl items-start gap-x-10 gap-y-5 px-4 pt-5 pb-12 sm:gap-y-8 sm:py-12 lg:gap-y-5 lg:grid-cols-2 lg:grid-rows-[auto_1fr] lg:py-20">
          <div className="flex flex-col gap-2 sm:gap-5">
            <p className="text-sm font-semibold tracking-wide text-primary">{t('brand.slogan')}</p>
            <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">{t('home.headline')}</h1>
          </div>

          <Card id={TOP_UP_SECTION_ID} className="scroll-mt-24 lg:col-start-2 lg:row-span-2 lg:row-start-1" aria-labelledby="top-up-title">
            <CardHeader className="max-sm:p-4 max-sm:pb-2">
              <h2 id="top-up-title" className="text-xl font-semibold sm:text-2xl">
                {t('home.flowTitle')}
              </h2>
              <CardDescription className="max-sm:sr-only">{t('home.flowSubtitle')}</CardDescription>
            </CardHeader>
            <CardContent className="max-sm:px-4 max-sm:pb-4">{flow}</CardContent>
          </Card>

          <div className="flex flex-col gap-5 lg:col-start-1 lg:row-start-2">
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
        </div>
      </section>

      {below}
    </>
  );
}
