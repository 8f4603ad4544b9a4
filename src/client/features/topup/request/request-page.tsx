import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Copy, Share2 } from 'lucide-react';
import { noteLength, REQUEST_NOTE_MAX_LENGTH, type CreateTopupRequestResponse } from '@shared/api/topup-requests';
import { validatePhone } from '@shared/phone-rules';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError, Input, Label, Textarea } from '@/components/ui/input';
import { InlineError } from '@/components/ui/inline-error';
import { Page } from '@/components/ui/page';
import { apiErrorText } from '@/lib/api-error-text';
import { ApiRequestError } from '@/lib/api-client';
import { intlLocale } from '@/lib/local-format';
import { toast } from '@/lib/toast';
import { useCreateTopupRequest } from '../api/topup-requests';
import { RecipientFields } from '../components/recipient-fields';
import type { SelectedCountry } from '../lib/country-selection';
import { useUiLanguage } from '../use-ui-language';

const AMOUNT_FORMAT = /^\d{1,7}(?:\.\d{1,2})?$/;

/** The request-a-top-up page (/request, ADR 022): the form, then the link with Share and Copy. */
export function RequestPage() {
  const { t } = useTranslation();
  const [made, setMade] = useState<CreateTopupRequestResponse | null>(null);
  return (
    <Page title={t('request.title')} lead={t('request.lead')}>
      {made ? <RequestLink made={made} onAnother={() => setMade(null)} /> : <RequestForm onMade={setMade} />}
    </Page>
  );
}

function RequestForm({ onMade }: { onMade(made: CreateTopupRequestResponse): void }) {
  const { t } = useTranslation();
  const create = useCreateTopupRequest();
  const [country, setCountry] = useState<SelectedCountry | null>(null);
  const [phone, setPhone] = useState('');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const noteCountId = useId();

  const phoneCheck = country ? validatePhone(phone, country.code) : null;
  const amountText = amount.trim();
  const amountError = amountText !== '' && !AMOUNT_FORMAT.test(amountText) ? t('validation.suggestedAmountFormat') : null;
  const noteCount = noteLength(note.trim());
  const noteError = noteCount > REQUEST_NOTE_MAX_LENGTH ? t('validation.noteTooLong', { max: REQUEST_NOTE_MAX_LENGTH }) : null;
  // The server's refusal shows beside the field it is about, until that field changes.
  const refusal = create.error instanceof ApiRequestError ? create.error : null;
  const refusalText = create.error ? apiErrorText(t, create.error) : null;
  const serverError = (field: string) => (refusal?.field === field ? refusalText : null);
  const canSubmit = phoneCheck?.ok === true && !amountError && !noteError && !create.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!country || !canSubmit) return;
    create.mutate(
      { countryCode: country.code, phone, suggestedAmount: amountText || null, note: note.trim() || null },
      // A refusal is told once, by its field or above the button (ADR 065).
      { onSuccess: onMade },
    );
  };
  const changed = () => create.reset();

  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle level={2}>{t('request.formTitle')}</CardTitle>
        <CardDescription>{t('request.formHint')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label={t('request.formTitle')}>
          <RecipientFields
            phoneId="request-phone"
            phoneLabel={t('request.phoneLabel')}
            country={country}
            phone={phone}
            onCountrySelected={(picked) => {
              changed();
              setCountry(picked);
            }}
            onCountryCleared={() => {
              changed();
              setCountry(null);
            }}
            onPhoneChange={(digits) => {
              changed();
              setPhone(digits);
            }}
            otherError={serverError('phone') ?? serverError('countryCode')}
          />
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="request-amount">{t('request.amountLabel')}</Label>
            <div dir="ltr" className="relative">
              <span className="pointer-events-none absolute inset-y-0 start-3 flex items-center text-muted-foreground" aria-hidden="true">
                $
              </span>
              <Input
                id="request-amount"
                inputMode="decimal"
                autoComplete="off"
                className="ps-7"
                value={amount}
                onChange={(event) => {
                  changed();
                  setAmount(event.target.value);
                }}
                aria-invalid={amountError || serverError('suggestedAmount') ? true : undefined}
                aria-describedby="request-amount-hint request-amount-error"
              />
            </div>
            <p id="request-amount-hint" className="text-sm text-muted-foreground">
              {t('request.amountHint')}
            </p>
            <FieldError id="request-amount-error">{amountError ?? serverError('suggestedAmount') ?? undefined}</FieldError>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="request-note">{t('request.noteLabel')}</Label>
            <Textarea
              id="request-note"
              rows={3}
              value={note}
              onChange={(event) => {
                changed();
                setNote(event.target.value);
              }}
              aria-invalid={noteError || serverError('note') ? true : undefined}
              aria-describedby={`${noteCountId} request-note-error`}
            />
            <p id={noteCountId} className={noteError ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'} aria-live="polite">
              {t('request.noteCount', { count: noteCount, max: REQUEST_NOTE_MAX_LENGTH })}
            </p>
            <FieldError id="request-note-error">{noteError ?? serverError('note') ?? undefined}</FieldError>
          </div>
          {refusalText && !refusal?.field && <InlineError title={t('request.failedTitle')}>{refusalText}</InlineError>}
          <Button type="submit" size="lg" disabled={!canSubmit}>
            {create.isPending ? t('request.making') : t('request.make')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function RequestLink({ made, onAnother }: { made: CreateTopupRequestResponse; onAnother(): void }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const [copied, setCopied] = useState(false);
  const url = `${window.location.origin}${made.path}`;
  const canShare = typeof navigator.share === 'function';
  const until = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'long' }).format(new Date(made.expiresAt));

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast({ title: t('request.copied') });
    } catch {
      toast({ title: t('request.copyFailed'), variant: 'destructive' });
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: t('request.shareTitle'), text: t('request.shareText'), url });
    } catch (error) {
      // Closing the share sheet is no failure; anything else falls back to copying.
      if (!(error instanceof DOMException && error.name === 'AbortError')) await copy();
    }
  };

  return (
    <Card className="max-w-xl" data-testid="request-link">
      <CardHeader>
        <CardTitle level={2}>{t('request.linkTitle')}</CardTitle>
        <CardDescription>{t('request.linkBody', { date: until })}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="request-url">{t('request.linkLabel')}</Label>
          <Input id="request-url" dir="ltr" readOnly value={url} onFocus={(event) => event.currentTarget.select()} className="font-mono text-sm" />
        </div>
        <div className="flex flex-wrap gap-3">
          {canShare && (
            <Button type="button" onClick={() => void share()}>
              <Share2 className="size-4" aria-hidden="true" />
              {t('request.share')}
            </Button>
          )}
          <Button type="button" variant={canShare ? 'outline' : 'default'} onClick={() => void copy()}>
            {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
            {copied ? t('request.copiedShort') : t('request.copy')}
          </Button>
          <Button type="button" variant="ghost" onClick={onAnother}>
            {t('request.another')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
