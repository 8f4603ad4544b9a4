import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import type { OrderPinResponse } from '@shared/api/orders';
import { Button } from '@/components/ui/button';
import { DescriptionRow } from '@/components/ui/description-row';
import { fetchOrderPin } from '@/lib/order-api';

type Pin = OrderPinResponse['pin'];

const INSTRUCTION_FIELDS = ['info1', 'info2', 'info3'] as const;

function PinDetails({ pin }: { pin: Pin }) {
  const { t } = useTranslation();
  // Operators often repeat one instruction in all three fields.
  const instructions = [...new Set(INSTRUCTION_FIELDS.map((field) => pin[field]).filter((text): text is string => Boolean(text)))];
  // A <dl> holds only its label and value rows: the instructions, which have no label, follow it.
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="order-pin-details">
      <dl className="flex flex-col gap-1">
        {pin.code && (
          <DescriptionRow dense code label={t('orderPin.code')} testId="order-pin-code">
            <bdi className="text-base font-bold tracking-wider select-all">{pin.code}</bdi>
          </DescriptionRow>
        )}
        {pin.serial && (
          <DescriptionRow dense code label={t('orderPin.serial')} testId="order-pin-serial">
            <bdi>{pin.serial}</bdi>
          </DescriptionRow>
        )}
        {pin.validity && (
          <DescriptionRow dense label={t('orderPin.validity')} testId="order-pin-validity">
            <bdi>{pin.validity}</bdi>
          </DescriptionRow>
        )}
        {pin.ivr && (
          <DescriptionRow dense label={t('orderPin.ivr')} testId="order-pin-ivr">
            <bdi>{pin.ivr}</bdi>
          </DescriptionRow>
        )}
      </dl>
      {instructions.map((text) => (
        <p key={text} dir="auto" className="text-muted-foreground">
          {text}
        </p>
      ))}
    </div>
  );
}

/**
 * A PIN product's PIN, behind a "Show PIN" button: it is read from the server only when its owner asks, never kept
 * in the browser's caches, and hidden again on request. Its heading is one level below the one it sits under
 * (`headingLevel`), as no level may be skipped.
 */
export function OrderPin({ orderId, headingLevel }: { orderId: string; headingLevel: 'h2' | 'h3' | 'h4' }) {
  const Heading = headingLevel;
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const reveal = useMutation({ mutationFn: () => fetchOrderPin(orderId), onSuccess: () => setShown(true) });
  const pin = shown ? reveal.data?.pin : undefined;
  return (
    <section aria-labelledby={`order-pin-${orderId}`} className="flex w-full flex-col gap-2 rounded-xl border p-4 text-start" data-testid="order-pin">
      <div className="flex items-center justify-between gap-3">
        <Heading id={`order-pin-${orderId}`} className="text-sm font-semibold">
          {t('orderPin.title')}
        </Heading>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-expanded={Boolean(pin)}
          disabled={reveal.isPending}
          aria-busy={reveal.isPending}
          onClick={() => (pin ? setShown(false) : reveal.mutate())}
        >
          {t(pin ? 'orderPin.hide' : 'orderPin.show')}
        </Button>
      </div>
      {pin ? <PinDetails pin={pin} /> : <p className="text-xs text-muted-foreground">{t('orderPin.hint')}</p>}
      {reveal.isError && (
        <p role="alert" className="text-sm text-destructive">
          {t('orderPin.error')}
        </p>
      )}
    </section>
  );
}
