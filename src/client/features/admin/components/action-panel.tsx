import { useRef, useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { InlineError } from '@/components/ui/inline-error';
import { ApiRequestError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { toast } from '@/lib/toast';
import { ADMIN_QUERY_KEY } from '../api/request';
import { accessProblemOf } from '../lib/access';
import { conflictOf } from '../lib/actions';
import { AccessNotice } from './access-notice';
import { AdminSection } from './admin-page-frame';
import { ReasonDialog } from './reason-dialog';

export interface ActionLook {
  label: string;
  icon: LucideIcon;
  destructive?: boolean;
  dialogTitle: string;
  dialogBody: string;
  /** A sentence to tick before it goes, for what cannot be undone. */
  confirmation?: string;
  doneText: string;
}

/** What the panel hands an action's own dialog: whether it is open, the call under way or refused, and how to send it. */
export interface ActionDialogSlot<R> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  /** A refusal that leaves the dialog open (a field the server refused, the server unreachable). */
  error: unknown;
  /** Sends the action: `go` makes the call; its answer or refusal is handled as the reason dialog's is. */
  send: (go: () => Promise<R>) => void;
  onCloseAutoFocus: (event: Event) => void;
}

interface ActionPanelProps<A extends string, R> {
  title: string;
  id: string;
  actions: readonly A[];
  look: (action: A) => ActionLook;
  run: (action: A, reason: string) => Promise<R>;
  /** Writes the answer into the page's data before everything the console shows is read again. */
  onDone: (answer: R) => void;
  /** Said when there is nothing to do. */
  noActions?: string;
  /** The name of a status a conflict reports, e.g. an order's "Completed". */
  statusText?: (status: string) => string;
  /** The reason field's hint, when the reason is not kept on an order's timeline (ReasonDialog). */
  reasonHint?: string;
  /** The actions that ask for more than a reason, each with its own dialog (e.g. an order's Reject: RejectDialog). */
  dialogs?: Partial<Record<A, (slot: ActionDialogSlot<NoInfer<R>>) => ReactNode>>;
  children?: ReactNode;
}

/** The server's message of a refusal; a status it names (`{{status}}`) reads in the admin's words, not as a code. */
function refusalText(t: TFunction, error: unknown, statusText?: (status: string) => string): string {
  const status = error instanceof ApiRequestError ? error.messageParams?.status : undefined;
  if (!(error instanceof ApiRequestError) || !error.messageKey || typeof status !== 'string' || !statusText) return apiErrorText(t, error);
  return t(error.messageKey, { ...error.messageParams, status: statusText(status), defaultValue: error.serverMessage ?? error.message });
}

/**
 * A refusal that ends the dialog stays on the page until the admin dismisses it or starts another action. A conflict
 * says what the thing is now: in the server's message, or on a line of its own when the message does not.
 */
function Refusal({
  error,
  statusText,
  onDismiss,
  focusRef,
}: {
  error: unknown;
  statusText?: (status: string) => string;
  onDismiss: () => void;
  focusRef: (node: HTMLElement | null) => void;
}) {
  const { t } = useTranslation();
  const problem = accessProblemOf(error);
  if (problem) return <AccessNotice problem={problem} />;
  const conflict = conflictOf(error);
  const statusInMessage = error instanceof ApiRequestError && error.messageParams?.status !== undefined;
  return (
    <div ref={focusRef} tabIndex={-1} className="flex flex-col items-start gap-2 outline-none" data-testid="action-refusal">
      <InlineError title={t('admin.actionPanel.refused')} className="w-full" testId="action-refusal-message">
        {refusalText(t, error, statusText)}
        {conflict?.status && statusText && !statusInMessage && (
          <span className="mt-1 block font-medium" data-testid="action-refusal-status">
            {t('admin.actionPanel.currentStatus', { status: statusText(conflict.status) })}
          </span>
        )}
      </InlineError>
      <Button variant="ghost" size="sm" onClick={onDismiss}>
        {t('admin.actionPanel.dismiss')}
      </Button>
    </div>
  );
}

/** An action's own dialog, drawn by the page that asked for it. */
function OwnDialog<R>({ render, ...slot }: ActionDialogSlot<R> & { render: (slot: ActionDialogSlot<R>) => ReactNode }) {
  return render(slot);
}

/**
 * The admin actions of a page, each asking for a reason in a dialog. A success says so, writes the answer into the
 * page and reads again everything the console shows. A refusal about the thing itself (409: it changed meanwhile,
 * the last admin, oneself) or about the session closes the dialog and stays on the page, and the page is read again;
 * any other refusal (a bad reason, the server unreachable) stays in the dialog, so the admin can send it again.
 * When the dialog closes, the focus goes to what happened, since the button that opened it may be gone.
 */
export function ActionPanel<A extends string, R>({
  title,
  id,
  actions,
  look,
  run,
  onDone,
  noActions,
  statusText,
  reasonHint,
  dialogs,
  children,
}: ActionPanelProps<A, R>) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<A | null>(null);
  const [refusal, setRefusal] = useState<unknown>(null);
  const [done, setDone] = useState<A | null>(null);
  const outcome = useRef<HTMLElement | null>(null);
  const keepOutcome = (node: HTMLElement | null) => void (outcome.current = node);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });

  const mutation = useMutation({
    mutationFn: ({ go }: { action: A; go: () => Promise<R> }) => go(),
    onSuccess: (answer, { action }) => {
      onDone(answer);
      refresh();
      setDone(action);
      setChosen(null);
      toast({ title: look(action).doneText });
    },
    onError: (error) => {
      if (!conflictOf(error) && !accessProblemOf(error)) return;
      setRefusal(error);
      setChosen(null);
      refresh();
    },
  });

  const open = (action: A) => {
    mutation.reset();
    setRefusal(null);
    setDone(null);
    setChosen(action);
  };
  const current = chosen && !dialogs?.[chosen] ? look(chosen) : null;
  const onCloseAutoFocus = (event: Event) => {
    if (!outcome.current) return;
    event.preventDefault();
    outcome.current.focus();
  };
  const error = mutation.isError && chosen ? mutation.error : null;

  return (
    <AdminSection title={title} id={id}>
      {refusal !== null && <Refusal error={refusal} statusText={statusText} onDismiss={() => setRefusal(null)} focusRef={keepOutcome} />}
      {done && (
        <p ref={keepOutcome} tabIndex={-1} role="status" className="text-sm font-medium text-primary outline-none" data-testid="action-done">
          {look(done).doneText}
        </p>
      )}
      {actions.length === 0 ? (
        <p className="text-sm text-muted-foreground">{noActions}</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {actions.map((action) => {
            const { label, icon: Icon, destructive } = look(action);
            return (
              <Button key={action} variant={destructive ? 'destructive' : 'outline'} onClick={() => open(action)} data-testid={`action-${action}`}>
                <Icon aria-hidden="true" />
                {label}
              </Button>
            );
          })}
        </div>
      )}
      {children}
      {(Object.entries(dialogs ?? {}) as Array<[A, (slot: ActionDialogSlot<R>) => ReactNode]>).map(([action, dialog]) => (
        <OwnDialog
          key={action}
          render={dialog}
          open={chosen === action}
          onOpenChange={(isOpen) => !isOpen && setChosen(null)}
          pending={mutation.isPending}
          error={chosen === action ? error : null}
          send={(go) => mutation.mutate({ action, go })}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      ))}
      <ReasonDialog
        open={current !== null}
        onOpenChange={(isOpen) => !isOpen && setChosen(null)}
        title={current?.dialogTitle ?? ''}
        description={current?.dialogBody ?? ''}
        submitLabel={current?.label ?? ''}
        destructive={current?.destructive}
        confirmation={current?.confirmation}
        reasonHint={reasonHint}
        pending={mutation.isPending}
        error={error}
        onSubmit={(reason) => chosen && mutation.mutate({ action: chosen, go: () => run(chosen, reason) })}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    </AdminSection>
  );
}
