import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { ADMIN_REASON_MAX_LENGTH } from '@shared/api/admin';
import { adminBlocklistAddBodySchema, BLOCKLIST_KINDS, type BlocklistEntry, type BlocklistKind } from '@shared/api/risk';
import { Button } from '@/components/ui/button';
import { InlineError } from '@/components/ui/inline-error';
import { FieldError, Input, NativeSelect, Textarea } from '@/components/ui/input';
import { ApiRequestError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { toast } from '@/lib/toast';
import { ADMIN_PATHS } from '../admin-paths';
import { addBlocklistEntry, blocklistQueryOptions, removeBlocklistEntry } from '../api/risk';
import { ADMIN_QUERY_KEY } from '../api/request';
import { AdminList, wholeList } from '../components/admin-list';
import { AdminPageFrame, AdminSection } from '../components/admin-page-frame';
import { Field } from '../components/field';
import { linkClass } from '../components/link-class';
import { ReasonDialog } from '../components/reason-dialog';
import { Badge } from '../components/status-badge';
import { Td, Tr } from '../components/table';
import { reasonProblem } from '../lib/actions';
import { auditFiltersToParams, NO_AUDIT_FILTERS } from '../lib/audit-filters';
import { formatDateTime } from '../lib/format';
import { useLanguage } from '../lib/use-language';

type Problems = Partial<Record<'value' | 'reason', string>>;

/** The add form: a kind, its value (checked as the server checks it, the message in the admin's language) and a reason. */
function AddEntry() {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<BlocklistKind>('phone');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const mutation = useMutation({ mutationFn: addBlocklistEntry });
  const max = ADMIN_REASON_MAX_LENGTH;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Problems = {};
    const parsed = adminBlocklistAddBodySchema.safeParse({ kind, value, reason: reason || 'x' });
    if (!value.trim() || !parsed.success) found.value = t(`admin.blocklist.valueProblem.${kind}`);
    const problem = reasonProblem(reason);
    if (problem) found.reason = problem === 'required' ? t('admin.action.reasonRequired') : t('admin.action.reasonTooLong', { max });
    setProblems(found);
    if (found.value || found.reason) return document.getElementById(`${id}-${found.value ? 'value' : 'reason'}`)?.focus();
    try {
      const { entry } = await mutation.mutateAsync({ kind, value: value.trim(), reason: reason.trim() });
      toast({ title: t('admin.blocklist.added', { value: entry.value }) });
      setValue('');
      setReason('');
    } catch (error) {
      // A value the server refused (it does not parse, or is listed already) is said at the field.
      if (error instanceof ApiRequestError && (error.field === 'value' || error.field === 'reason')) {
        setProblems({
          [error.field]: error.code === 'ALREADY_BLOCKLISTED' ? t('admin.blocklist.alreadyListed') : apiErrorText(t, error),
        });
        document.getElementById(`${id}-${error.field}`)?.focus();
      }
    }
    void queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
  };
  const described = (field: 'value' | 'reason') => ({
    'aria-invalid': problems[field] ? true : undefined,
    'aria-describedby': `${id}-${field}-hint${problems[field] ? ` ${id}-${field}-error` : ''}`,
  });
  const failed = mutation.isError && !(mutation.error instanceof ApiRequestError && mutation.error.field);

  return (
    <AdminSection title={t('admin.blocklist.add')} id="blocklist-add">
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4" data-testid="blocklist-form">
        <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
          <Field id={`${id}-kind`} label={t('admin.blocklist.kind')}>
            <NativeSelect
              id={`${id}-kind`}
              value={kind}
              onChange={(event) => (setKind(event.target.value as BlocklistKind), setProblems({}))}
              data-testid="blocklist-kind"
            >
              {BLOCKLIST_KINDS.map((choice) => (
                <option key={choice} value={choice}>
                  {t(`admin.blocklist.kinds.${choice}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <div className="flex min-w-0 flex-col gap-1.5">
            <Field id={`${id}-value`} label={t('admin.blocklist.value')}>
              <Input
                id={`${id}-value`}
                value={value}
                onChange={(event) => (setValue(event.target.value), setProblems((was) => ({ ...was, value: undefined })))}
                autoComplete="off"
                dir="ltr"
                className="text-start"
                {...described('value')}
                data-testid="blocklist-value"
              />
            </Field>
            <p id={`${id}-value-hint`} className="text-xs text-muted-foreground">
              {t(`admin.blocklist.valueHint.${kind}`)}
            </p>
            <FieldError id={`${id}-value-error`}>{problems.value}</FieldError>
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <Field id={`${id}-reason`} label={t('admin.settings.reason')}>
            <Textarea
              id={`${id}-reason`}
              className="min-h-20"
              maxLength={max}
              value={reason}
              onChange={(event) => (setReason(event.target.value), setProblems((was) => ({ ...was, reason: undefined })))}
              {...described('reason')}
              data-testid="blocklist-reason"
            />
          </Field>
          <p id={`${id}-reason-hint`} className="text-xs text-muted-foreground">
            {t('admin.blocklist.reasonHint', { max })}
          </p>
          <FieldError id={`${id}-reason-error`}>{problems.reason}</FieldError>
        </div>
        {failed && (
          <InlineError title={t('admin.settings.notSaved')} testId="blocklist-failure">
            {apiErrorText(t, mutation.error)}
          </InlineError>
        )}
        <div>
          <Button type="submit" disabled={mutation.isPending} data-testid="blocklist-submit">
            {mutation.isPending ? t('admin.action.working') : t('admin.blocklist.addButton')}
          </Button>
        </div>
      </form>
    </AdminSection>
  );
}

function EntryRow({ entry, onRemove }: { entry: BlocklistEntry; onRemove: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Tr data-testid="blocklist-row" data-kind={entry.kind} data-value={entry.value}>
      <Td>
        <Badge tone="neutral">{t(`admin.blocklist.kinds.${entry.kind}`)}</Badge>
      </Td>
      <Td className="max-w-64 font-mono text-xs break-all" dir="ltr" translate="no">
        {entry.value}
      </Td>
      <Td className="max-w-64 break-words" dir="auto">
        <bdi>{entry.reason}</bdi>
      </Td>
      <Td className="max-w-48 break-words">
        <bdi>{entry.createdByEmail}</bdi>
      </Td>
      <Td className="whitespace-nowrap">
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, language)}</time>
      </Td>
      <Td className="text-end">
        <Button variant="outline" size="sm" onClick={onRemove} data-testid="blocklist-remove">
          <Trash2 aria-hidden="true" />
          {t('admin.blocklist.remove')}
          <span className="sr-only"> {entry.value}</span>
        </Button>
      </Td>
    </Tr>
  );
}

const auditOfBlocklist = `${ADMIN_PATHS.audit}?${auditFiltersToParams({ ...NO_AUDIT_FILTERS, targetType: 'blocklist_entry' }).toString()}`;

/**
 * /admin/blocklist: the numbers, cards (the provider's fingerprint), e-mail domains and address ranges no checkout may
 * use; each added and removed with a reason (the audit log keeps both), listed with who added it and when.
 */
export function BlocklistPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery(blocklistQueryOptions());
  const [removing, setRemoving] = useState<BlocklistEntry | null>(null);
  const removal = useMutation({
    mutationFn: ({ entry, reason }: { entry: BlocklistEntry; reason: string }) => removeBlocklistEntry(entry.id, reason),
    onSuccess: ({ entry }) => {
      toast({ title: t('admin.blocklist.removed', { value: entry.value }) });
      setRemoving(null);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
  return (
    <AdminPageFrame title={t('admin.blocklist.title')} lead={t('admin.blocklist.lead')}>
      <AddEntry />
      <AdminSection
        title={t('admin.blocklist.listTitle')}
        id="blocklist-list"
        actions={
          <Link to={auditOfBlocklist} className={`${linkClass} text-sm`}>
            {t('admin.blocklist.auditLink')}
          </Link>
        }
      >
        <AdminList
          read={wholeList(list, (data) => data.entries)}
          label={t('admin.blocklist.table')}
          columns={[
            { label: t('admin.blocklist.columns.kind') },
            { label: t('admin.blocklist.columns.value') },
            { label: t('admin.blocklist.columns.reason') },
            { label: t('admin.blocklist.columns.admin') },
            { label: t('admin.blocklist.columns.added') },
            { label: t('admin.blocklist.columns.actions'), className: 'text-end' },
          ]}
          minWidth="min-w-[52rem]"
          testId="blocklist-table"
          empty={t('admin.blocklist.empty')}
          rowKey={(entry) => entry.id}
          row={(entry) => (
            <EntryRow
              entry={entry}
              onRemove={() => {
                removal.reset();
                setRemoving(entry);
              }}
            />
          )}
        />
      </AdminSection>
      <ReasonDialog
        open={removing !== null}
        onOpenChange={(isOpen) => !isOpen && setRemoving(null)}
        title={t('admin.blocklist.removeTitle', { value: removing?.value ?? '' })}
        description={t('admin.blocklist.removeBody')}
        submitLabel={t('admin.blocklist.remove')}
        destructive
        reasonHint={t('admin.blocklist.reasonHint', { max: ADMIN_REASON_MAX_LENGTH })}
        pending={removal.isPending}
        error={removal.isError ? removal.error : null}
        onSubmit={(reason) => removing && removal.mutate({ entry: removing, reason })}
      />
    </AdminPageFrame>
  );
}
