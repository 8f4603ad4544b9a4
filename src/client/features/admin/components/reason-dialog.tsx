import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_REASON_MAX_LENGTH } from '@shared/api/admin';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { InlineError } from '@/components/ui/inline-error';
import { Label, Textarea } from '@/components/ui/input';
import { apiErrorText } from '@/lib/api-error-text';
import { reasonProblem } from '../lib/actions';

export interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  submitLabel: string;
  destructive?: boolean;
  /** A sentence the admin ticks before the action goes, for what cannot be undone (a refund). */
  confirmation?: string;
  /** Where the reason is kept, when not on an order's timeline (which the default hint says); ends before the length. */
  reasonHint?: string;
  pending: boolean;
  /** The last refusal that leaves the dialog open (the admin may change the reason and send again). */
  error: unknown;
  onSubmit: (reason: string) => void;
  /** Where the focus goes when the dialog closes, when not back to the button that opened it (which may be gone). */
  onCloseAutoFocus?: (event: Event) => void;
}

function ReasonForm({
  submitLabel,
  destructive,
  confirmation,
  reasonHint,
  pending,
  error,
  onSubmit,
  onCancel,
}: Omit<ReasonDialogProps, 'open' | 'onOpenChange' | 'title' | 'description'> & { onCancel: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [problem, setProblem] = useState<'required' | 'tooLong' | 'confirm' | null>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const confirmBox = useRef<HTMLInputElement>(null);
  const max = ADMIN_REASON_MAX_LENGTH;
  const reasonInvalid = problem === 'required' || problem === 'tooLong';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = reasonProblem(reason) ?? (confirmation && !confirmed ? 'confirm' : null);
    setProblem(found);
    if (!found) return onSubmit(reason.trim());
    // The field to correct takes the focus; its message is announced as it appears.
    (found === 'confirm' ? confirmBox : reasonField).current?.focus();
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-reason`}>{t('admin.action.reason')}</Label>
        <Textarea
          ref={reasonField}
          id={`${id}-reason`}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            if (reasonInvalid) setProblem(null);
          }}
          maxLength={max}
          required
          aria-invalid={reasonInvalid}
          aria-describedby={`${id}-hint${reasonInvalid ? ` ${id}-problem` : ''}`}
          className="min-h-24"
          data-testid="reason-input"
        />
        <div className="flex justify-between gap-3 text-xs text-muted-foreground">
          <p id={`${id}-hint`}>{reasonHint ?? t('admin.action.reasonHint', { max })}</p>
          <p aria-hidden="true" className="shrink-0">
            {t('admin.action.characters', { count: reason.trim().length, max })}
          </p>
        </div>
        {reasonInvalid && (
          <p id={`${id}-problem`} className="text-sm text-destructive" role="alert">
            {problem === 'required' ? t('admin.action.reasonRequired') : t('admin.action.reasonTooLong', { max })}
          </p>
        )}
      </div>
      {confirmation && (
        <div className="flex flex-col gap-1.5">
          <div className="flex items-start gap-2">
            <input
              ref={confirmBox}
              id={`${id}-confirm`}
              type="checkbox"
              checked={confirmed}
              onChange={(event) => {
                setConfirmed(event.target.checked);
                if (problem === 'confirm') setProblem(null);
              }}
              aria-invalid={problem === 'confirm'}
              aria-describedby={problem === 'confirm' ? `${id}-confirm-problem` : undefined}
              className="mt-1 size-4 shrink-0 accent-[var(--color-primary)]"
            />
            <Label htmlFor={`${id}-confirm`} className="font-normal">
              {confirmation}
            </Label>
          </div>
          {problem === 'confirm' && (
            <p id={`${id}-confirm-problem`} className="text-sm text-destructive" role="alert">
              {t('admin.action.confirmRequired')}
            </p>
          )}
        </div>
      )}
      {error !== null && error !== undefined && (
        <InlineError title={t('admin.action.failed')} testId="reason-dialog-error">
          {apiErrorText(t, error)}
        </InlineError>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onCancel} disabled={pending}>
          {t('admin.common.cancel')}
        </Button>
        <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={pending}>
          {pending ? t('admin.action.working') : submitLabel}
        </Button>
      </div>
    </form>
  );
}

/**
 * An admin action's dialog: a required reason (kept on the timeline and in the audit log), and for what cannot be
 * undone a confirmation to tick. Focus stays inside until it closes; its fields start empty each time it opens.
 */
export function ReasonDialog({ open, onOpenChange, title, description, onCloseAutoFocus, ...form }: ReasonDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => !form.pending && onOpenChange(next)}>
      <DialogContent closeLabel={t('admin.common.close')} onCloseAutoFocus={onCloseAutoFocus} data-testid="reason-dialog">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <ReasonForm {...form} onCancel={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
