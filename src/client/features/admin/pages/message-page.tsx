import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCheck, Mail, RotateCcw } from 'lucide-react';
import {
  ADMIN_MESSAGE_NOTE_MAX_LENGTH,
  adminMessageHandleBodySchema,
  type AdminMessageDetail,
  type AdminMessageHandleBody,
  type AdminMessageResponse,
} from '@shared/api/admin-messages';
import { isApiMessageKey } from '@shared/api/messages';
import { Button } from '@/components/ui/button';
import { DescriptionRow } from '@/components/ui/description-row';
import { InlineError } from '@/components/ui/inline-error';
import { FieldError, Label, Textarea } from '@/components/ui/input';
import { apiErrorText } from '@/lib/api-error-text';
import { toast } from '@/lib/toast';
import { ADMIN_PATHS, customerPath } from '../admin-paths';
import { messageListsKey, messageQueryOptions, runMessageAction } from '../api/messages';
import { ActionPanel, type ActionLook } from '../components/action-panel';
import { AdminPageFrame, AdminSection } from '../components/admin-page-frame';
import { MessageStateBadge } from '../components/message-state-badge';
import { NotFoundNotice } from '../components/not-found-notice';
import { linkClass } from '../components/link-class';
import { Loaded } from '../components/query-state';
import { conflictOf } from '../lib/actions';
import { formatDateTime } from '../lib/format';
import { useLanguage } from '../lib/use-language';

/** The message and the inbox's lists after a change: the answer in place, the lists and the unread count read again. */
function useMessageUpdate(messageId: string) {
  const queryClient = useQueryClient();
  return (answer: AdminMessageResponse) => {
    queryClient.setQueryData(messageQueryOptions(messageId).queryKey, answer);
    void queryClient.invalidateQueries({ queryKey: messageListsKey(), refetchType: 'active' });
  };
}

/** The visitor's text, shown as text (React escapes it: markup in it is never run), line breaks kept. */
function MessageText({ message }: { message: AdminMessageDetail }) {
  const { t } = useTranslation();
  return (
    <AdminSection
      title={t('admin.messages.reader.message')}
      id="message-text"
      actions={
        <a href={`mailto:${message.email}`} className={`${linkClass} inline-flex items-center gap-1.5 text-sm`}>
          <Mail className="size-4" aria-hidden="true" />
          {t('admin.messages.reader.reply')}
        </a>
      }
    >
      <p dir="auto" className="text-base leading-relaxed break-words whitespace-pre-wrap" data-testid="message-text">
        {message.text}
      </p>
    </AdminSection>
  );
}

function SenderFacts({ message }: { message: AdminMessageDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <AdminSection title={t('admin.messages.reader.sender')} id="message-sender">
      <dl className="text-sm">
        <DescriptionRow label={t('admin.messages.reader.name')} testId="message-name">
          <bdi>{message.name}</bdi>
        </DescriptionRow>
        <DescriptionRow label={t('admin.messages.reader.email')} testId="message-email" ltr>
          <span className="break-all">{message.email}</span>
        </DescriptionRow>
        <DescriptionRow label={t('admin.messages.reader.customer')} testId="message-customer">
          {message.customerId ? (
            <Link to={customerPath(message.customerId)} className={linkClass}>
              {t('admin.messages.reader.openCustomer')}
            </Link>
          ) : (
            t('admin.messages.reader.noCustomer')
          )}
        </DescriptionRow>
        <DescriptionRow label={t('admin.messages.reader.topic')} testId="message-topic">
          {t(`admin.messages.topics.${message.topic}`, { defaultValue: message.topic })}
        </DescriptionRow>
        <DescriptionRow label={t('admin.messages.reader.language')} testId="message-language">
          {t(`language.${message.language}`, { defaultValue: message.language })}
        </DescriptionRow>
        <DescriptionRow label={t('admin.messages.reader.received')} testId="message-received">
          {formatDateTime(message.createdAt, language)}
        </DescriptionRow>
        <DescriptionRow label={t('admin.messages.reader.readAt')} testId="message-read-at">
          {message.readAt ? formatDateTime(message.readAt, language) : t('admin.common.none')}
        </DescriptionRow>
      </dl>
    </AdminSection>
  );
}

/** Marking an open message handled: what was done, in a note the server keeps with the message and in the audit log. */
function HandleForm({ message }: { message: AdminMessageDetail }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const update = useMessageUpdate(message.id);
  const form = useForm<AdminMessageHandleBody>({ resolver: zodResolver(adminMessageHandleBodySchema), defaultValues: { note: '' } });
  const handle = useMutation({
    mutationFn: ({ note }: AdminMessageHandleBody) => runMessageAction(message.id, 'handle', note),
    onSuccess: (answer) => {
      update(answer);
      toast({ title: t('admin.messages.reader.handleDone') });
    },
    onError: (error) => {
      if (!conflictOf(error)) return;
      // Another admin handled it meanwhile: say so, and show the message as it is now (handled, with their note).
      toast({ title: t('admin.messages.reader.failed'), description: apiErrorText(t, error), variant: 'destructive' });
      void queryClient.invalidateQueries({ queryKey: messageQueryOptions(message.id).queryKey });
      void queryClient.invalidateQueries({ queryKey: messageListsKey() });
    },
  });
  const noteError = form.formState.errors.note;
  // The free-text rule's refusal (an invisible character) comes with its translated key, as the server would answer it.
  const noteProblem = !noteError
    ? undefined
    : noteError.message && isApiMessageKey(noteError.message)
      ? t(noteError.message)
      : t(noteError.type === 'too_big' ? 'admin.messages.reader.noteTooLong' : 'admin.messages.reader.noteRequired', {
          max: ADMIN_MESSAGE_NOTE_MAX_LENGTH,
        });
  const length = useWatch({ control: form.control, name: 'note' }).trim().length;

  return (
    <AdminSection title={t('admin.messages.reader.handling')} id="message-handling">
      <p className="text-sm text-muted-foreground">{t('admin.messages.reader.openNow')}</p>
      <form onSubmit={form.handleSubmit((fields) => handle.mutate(fields))} noValidate className="flex flex-col gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-note`}>{t('admin.messages.reader.note')}</Label>
          <Textarea
            id={`${id}-note`}
            maxLength={ADMIN_MESSAGE_NOTE_MAX_LENGTH}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={`${id}-note-hint${noteError ? ` ${id}-note-error` : ''}`}
            className="min-h-24"
            data-testid="handle-note"
            {...form.register('note')}
          />
          <div className="flex justify-between gap-3 text-xs text-muted-foreground">
            <p id={`${id}-note-hint`}>{t('admin.messages.reader.noteHint', { max: ADMIN_MESSAGE_NOTE_MAX_LENGTH })}</p>
            <p aria-hidden="true" className="shrink-0">
              {t('admin.action.characters', { count: length, max: ADMIN_MESSAGE_NOTE_MAX_LENGTH })}
            </p>
          </div>
          <FieldError id={`${id}-note-error`}>{noteProblem}</FieldError>
        </div>
        {handle.isError && (
          <InlineError title={t('admin.messages.reader.failed')} testId="handle-error">
            {apiErrorText(t, handle.error)}
          </InlineError>
        )}
        <Button type="submit" className="self-start" disabled={handle.isPending}>
          <CheckCheck aria-hidden="true" />
          {handle.isPending ? t('admin.messages.reader.working') : t('admin.messages.reader.handle')}
        </Button>
      </form>
    </AdminSection>
  );
}

/** A handled message: who handled it, when and how, and the way to open it again. */
function Handled({ message }: { message: AdminMessageDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const update = useMessageUpdate(message.id);
  const look = (): ActionLook => ({
    label: t('admin.messages.reader.reopen'),
    icon: RotateCcw,
    dialogTitle: t('admin.messages.reader.reopenTitle'),
    dialogBody: t('admin.messages.reader.reopenBody'),
    doneText: t('admin.messages.reader.reopenDone'),
  });
  return (
    <ActionPanel
      title={t('admin.messages.reader.handling')}
      id="message-handling"
      actions={['reopen'] as const}
      look={look}
      run={(_action, reason) => runMessageAction(message.id, 'reopen', reason)}
      onDone={update}
    >
      <dl className="text-sm">
        <DescriptionRow label={t('admin.messages.reader.handledBy')} testId="message-handled-by">
          {message.handledByEmail ?? t('admin.messages.reader.unknownAdmin')}
        </DescriptionRow>
        <DescriptionRow label={t('admin.messages.reader.handledAt')} testId="message-handled-at">
          {message.handledAt ? formatDateTime(message.handledAt, language) : t('admin.common.none')}
        </DescriptionRow>
      </dl>
      <div className="flex flex-col gap-1 text-sm">
        <p className="text-muted-foreground">{t('admin.messages.reader.handledNote')}</p>
        <p dir="auto" className="break-words whitespace-pre-wrap" data-testid="message-handled-note">
          {message.handledNote}
        </p>
      </div>
    </ActionPanel>
  );
}

function MessageDetail({ message }: { message: AdminMessageDetail }) {
  return (
    <>
      <div className="grid items-start gap-6 xl:grid-cols-[3fr_2fr]">
        <MessageText message={message} />
        <SenderFacts message={message} />
      </div>
      {message.handledAt ? <Handled message={message} /> : <HandleForm key={message.id} message={message} />}
    </>
  );
}

/** One contact message. Opening it marks it read, so the inbox and the navigation's count are read again. */
export function MessagePage() {
  const { t } = useTranslation();
  const { messageId = '' } = useParams();
  const queryClient = useQueryClient();
  const detail = useQuery(messageQueryOptions(messageId));
  const message = detail.data?.message;
  const opened = message !== undefined;
  useEffect(() => {
    if (opened) void queryClient.invalidateQueries({ queryKey: messageListsKey(), refetchType: 'active' });
  }, [opened, messageId, queryClient]);

  return (
    <AdminPageFrame
      title={
        message ? (
          <>
            {t('admin.messages.reader.titleFrom')} <bdi>{message.name}</bdi>
          </>
        ) : (
          t('admin.messages.reader.fallbackTitle')
        )
      }
      lead={
        <Link to={ADMIN_PATHS.messages} className={linkClass}>
          {t('admin.messages.reader.back')}
        </Link>
      }
      aside={message && <MessageStateBadge message={message} />}
    >
      <Loaded
        query={detail}
        notFound={
          <NotFoundNotice message={t('admin.messages.reader.notFound')} backTo={ADMIN_PATHS.messages} backLabel={t('admin.messages.reader.back')} />
        }
      >
        {(data) => <MessageDetail message={data.message} />}
      </Loaded>
    </AdminPageFrame>
  );
}
