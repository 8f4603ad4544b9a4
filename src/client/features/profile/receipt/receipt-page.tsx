import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Merchant, Receipt } from '@shared/api/receipts';
import type { Language } from '@shared/constants';
import { receiptRows, receiptStateOf, type ReceiptRow } from '@shared/receipt-format';
import { RECEIPT_TEXTS } from '@shared/receipt-texts';
import { ROUTES } from '@shared/routes';
import { Button } from '@/components/ui/button';
import { DescriptionRow } from '@/components/ui/description-row';
import { directionOf } from '@/i18n';
import { useAccount } from '@/lib/account';
import { ApiRequestError } from '@/lib/api-client';
import { TRANSACTIONS_ANCHOR } from '../history/transaction-history-section';
import { useLanguage } from '../history/use-language';
import { useReceipt } from './get-receipt';

const BACK_TO_HISTORY = `${ROUTES.profile}#${TRANSACTIONS_ANCHOR}`;

function BackLink() {
  const { t } = useTranslation();
  return (
    <Button asChild variant="outline">
      <Link to={BACK_TO_HISTORY}>{t('receipt.back')}</Link>
    </Button>
  );
}

function ReceiptLine({ row }: { row: ReceiptRow }) {
  return (
    <DescriptionRow
      label={row.label}
      testId={`receipt-${row.name}`}
      ltr={row.ltr}
      strong={row.strong}
      code={row.technical || row.name === 'reference'}
    >
      {row.value}
    </DescriptionRow>
  );
}

/** Who sold the top-up and how to reach its support, as the e-mailed receipt ends. */
function MerchantBlock({ merchant, language }: { merchant: Merchant; language: Language }) {
  const texts = RECEIPT_TEXTS[language];
  return (
    <div className="mt-6 rounded-lg bg-muted p-4 text-sm" data-testid="receipt-merchant">
      <p>
        <span className="font-semibold">{texts.soldBy}: </span>
        <bdi data-testid="receipt-merchant-name">{merchant.legalName}</bdi>
      </p>
      <p>
        <bdi data-testid="receipt-merchant-address">{merchant.address}</bdi>
      </p>
      <p className="mt-1">
        <span className="font-semibold">{texts.support}: </span>
        <a href={`mailto:${merchant.supportEmail}`} dir="ltr" className="text-primary underline" data-testid="receipt-merchant-email">
          {merchant.supportEmail}
        </a>
        {' · '}
        <a
          href={`tel:${merchant.supportPhone.replace(/[^\d+]/g, '')}`}
          dir="ltr"
          className="whitespace-nowrap text-primary underline"
          data-testid="receipt-merchant-phone"
        >
          {merchant.supportPhone}
        </a>
      </p>
    </div>
  );
}

/** The receipt itself: the same lines as the e-mailed receipt, in the interface language and the browser's time zone. */
function ReceiptDocument({ receipt, merchant, language }: { receipt: Receipt; merchant: Merchant; language: Language }) {
  const { t } = useTranslation();
  const state = receiptStateOf(receipt);
  const texts = RECEIPT_TEXTS[language];
  const rows = receiptRows(receipt, state, language);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <article
      lang={language}
      dir={directionOf(language)}
      aria-labelledby="receipt-title"
      className="rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8"
      data-testid="receipt"
      data-state={state}
    >
      <p className="text-sm font-semibold text-primary">{texts.brand}</p>
      <h1 id="receipt-title" ref={heading} tabIndex={-1} className="mt-1 text-2xl font-bold tracking-tight outline-none sm:text-3xl">
        {texts.titles[state]}
      </h1>
      <p className="mt-2 text-muted-foreground" data-testid="receipt-lead">
        {texts.leads[state]}
      </p>
      <dl className="mt-6 flex flex-col divide-y text-sm" aria-label={t('receipt.details')}>
        {rows
          .filter((row) => !row.technical)
          .map((row) => (
            <ReceiptLine key={row.name} row={row} />
          ))}
      </dl>
      <details className="mt-4 text-sm" data-testid="receipt-technical">
        <summary className="cursor-pointer font-medium text-muted-foreground">{texts.technicalDetails}</summary>
        <dl className="mt-2 flex flex-col divide-y">
          {rows
            .filter((row) => row.technical)
            .map((row) => (
              <ReceiptLine key={row.name} row={row} />
            ))}
        </dl>
      </details>
      <MerchantBlock merchant={merchant} language={language} />
    </article>
  );
}

function ReceiptNotFound() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-start gap-4 rounded-xl border border-dashed p-6" data-testid="receipt-not-found">
      <h1 className="text-2xl font-bold">{t('receipt.notFoundTitle')}</h1>
      <p className="text-muted-foreground">{t('receipt.notFoundBody')}</p>
      <BackLink />
    </div>
  );
}

/**
 * /profile/orders/<id>/receipt: a printable receipt of one of the customer's orders. Print shows only the receipt
 * (styles.css hides the site's header, footer and these buttons on paper); another customer's order, or none, is
 * not found.
 */
export function ReceiptPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { user } = useAccount();
  const { orderId = '' } = useParams();
  const receipt = useReceipt(user!.id, orderId);
  const notFound = receipt.error instanceof ApiRequestError && receipt.error.status === 404;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12" data-print-receipt>
      {receipt.data && (
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3" data-print-hidden>
          <BackLink />
          <Button type="button" onClick={() => window.print()} data-testid="receipt-print">
            {t('receipt.print')}
          </Button>
        </div>
      )}
      {receipt.isPending && (
        <p role="status" className="text-muted-foreground" data-testid="receipt-loading">
          {t('receipt.loading')}
        </p>
      )}
      {notFound && <ReceiptNotFound />}
      {receipt.isError && !notFound && (
        <div role="alert" className="flex flex-col items-start gap-3">
          <h1 className="text-2xl font-bold">{t('receipt.loadFailed')}</h1>
          <Button type="button" variant="outline" onClick={() => receipt.refetch()}>
            {t('receipt.retry')}
          </Button>
        </div>
      )}
      {receipt.data && <ReceiptDocument receipt={receipt.data.receipt} merchant={receipt.data.merchant} language={language} />}
    </div>
  );
}
