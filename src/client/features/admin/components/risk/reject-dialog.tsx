import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_REASON_MAX_LENGTH, type AdminReviewRejectBody } from '@shared/api/admin';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { InlineError } from '@/components/ui/inline-error';
import { FieldError, Label, Textarea } from '@/components/ui/input';
import { ApiRequestError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { reasonProblem } from '../../lib/actions';
import { CheckOption } from '../check-option';

interface RejectDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The order's reference and amount, as the dialog names them. */
  reference: string;
  amount: string;
  pending: boolean;
  /** A refusal that leaves the dialog open (a field the server refused, the server unreachable). */
  error: unknown;
  onSubmit: (body: AdminReviewRejectBody) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

type ReasonField = 'reason' | 'blockReason';

/** A reason's field: its label, hint, message and the server's refusal when it names the field. */
function ReasonInput({
  id,
  label,
  hint,
  value,
  onChange,
  problem,
  inputRef,
  testId,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  problem: string | undefined;
  inputRef: React.Ref<HTMLTextAreaElement>;
  testId: string;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        ref={inputRef}
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={ADMIN_REASON_MAX_LENGTH}
        required
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
        className="min-h-20"
        data-testid={testId}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      <FieldError id={`${id}-error`}>{problem}</FieldError>
    </div>
  );
}

function RejectForm({
  reference,
  amount,
  pending,
  error,
  onSubmit,
  onCancel,
}: Omit<RejectDialogProps, 'open' | 'onOpenChange'> & { onCancel: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  const [blockAccount, setBlockAccount] = useState(false);
  const [blockReason, setBlockReason] = useState('');
  const [blocklistCard, setBlocklistCard] = useState(false);
  const [problems, setProblems] = useState<Partial<Record<ReasonField, string>>>({});
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const blockReasonField = useRef<HTMLTextAreaElement>(null);
  const max = ADMIN_REASON_MAX_LENGTH;
  // A field the server refused is shown at the field; anything else under the form.
  const refusedField = error instanceof ApiRequestError && (error.field === 'reason' || error.field === 'blockReason') ? error.field : null;
  const problemOf = (field: ReasonField) => problems[field] ?? (refusedField === field ? apiErrorText(t, error) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<ReasonField, string>> = {};
    const say = (problem: 'required' | 'tooLong' | null) =>
      problem === 'required' ? t('admin.action.reasonRequired') : problem ? t('admin.action.reasonTooLong', { max }) : undefined;
    found.reason = say(reasonProblem(reason));
    if (blockAccount) found.blockReason = say(reasonProblem(blockReason));
    setProblems(found);
    const first = (['reason', 'blockReason'] as const).find((field) => found[field]);
    if (first) return (first === 'reason' ? reasonField : blockReasonField).current?.focus();
    onSubmit({
      reason: reason.trim(),
      ...(blockAccount ? { blockAccount: true, blockReason: blockReason.trim() } : {}),
      ...(blocklistCard ? { blocklistCard: true } : {}),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="reject-form">
      <ReasonInput
        id={`${id}-reason`}
        label={t('admin.reviews.reject.reason')}
        hint={t('admin.reviews.reject.reasonHint', { max })}
        value={reason}
        onChange={(value) => (setReason(value), setProblems((was) => ({ ...was, reason: undefined })))}
        problem={problemOf('reason')}
        inputRef={reasonField}
        testId="reject-reason"
      />
      <fieldset className="flex flex-col gap-3 rounded-lg border p-3">
        <legend className="px-1 text-sm font-semibold">{t('admin.reviews.reject.also', { reference })}</legend>
        <CheckOption
          id={`${id}-block`}
          checked={blockAccount}
          onChange={setBlockAccount}
          label={t('admin.reviews.reject.blockAccount')}
          hint={t('admin.reviews.reject.blockAccountHint')}
          testId="reject-block-account"
        />
        {blockAccount && (
          <ReasonInput
            id={`${id}-block-reason`}
            label={t('admin.reviews.reject.blockReason')}
            hint={t('admin.reviews.reject.blockReasonHint', { max })}
            value={blockReason}
            onChange={(value) => (setBlockReason(value), setProblems((was) => ({ ...was, blockReason: undefined })))}
            problem={problemOf('blockReason')}
            inputRef={blockReasonField}
            testId="reject-block-reason"
          />
        )}
        <CheckOption
          id={`${id}-card`}
          checked={blocklistCard}
          onChange={setBlocklistCard}
          label={t('admin.reviews.reject.blocklistCard')}
          hint={t('admin.reviews.reject.blocklistCardHint')}
          testId="reject-blocklist-card"
        />
      </fieldset>
      {error !== null && error !== undefined && !refusedField && (
        <InlineError title={t('admin.action.failed')} testId="reject-error">
          {apiErrorText(t, error)}
        </InlineError>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onCancel} disabled={pending}>
          {t('admin.common.cancel')}
        </Button>
        <Button type="submit" variant="destructive" disabled={pending} data-testid="reject-submit">
          {pending ? t('admin.action.working') : t('admin.reviews.reject.submit', { amount })}
        </Button>
      </div>
    </form>
  );
}

/**
 * "Reject" an order held for review: a required reason (the order's timeline and the audit log), and two options — block
 * the customer's account, for a reason of its own (the customer's page shows it), and blocklist the card's fingerprint.
 * Its fields start empty each time it opens.
 */
export function RejectDialog({ open, onOpenChange, onCloseAutoFocus, ...form }: RejectDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => !form.pending && onOpenChange(next)}>
      <DialogContent closeLabel={t('admin.common.close')} onCloseAutoFocus={onCloseAutoFocus} data-testid="reject-dialog">
        <DialogHeader>
          <DialogTitle>{t('admin.reviews.reject.title', { reference: form.reference })}</DialogTitle>
          <DialogDescription>{t('admin.reviews.reject.body', { amount: form.amount })}</DialogDescription>
        </DialogHeader>
        <RejectForm {...form} onCancel={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
