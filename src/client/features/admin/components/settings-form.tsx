import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_REASON_MAX_LENGTH } from '@shared/api/admin';
import type { SettingName } from '@shared/api/admin-settings';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label, Textarea } from '@/components/ui/input';
import { apiErrorText } from '@/lib/api-error-text';
import { toast } from '@/lib/toast';
import { ADMIN_QUERY_KEY } from '../api/request';
import { messageParams, refusedField, settingsConflictOf, settingsFormSchema, type SettingsFormValues } from '../lib/settings-form';
import { AdminSection } from './admin-page-frame';
import { SaveOutcome } from './save-outcome';

export interface SettingInput<N extends SettingName> {
  name: N;
  label: string;
  hint: string;
  /** Whole numbers only: the phone's number pad rather than the decimal one. */
  whole?: boolean;
}

interface SettingsFormProps<N extends SettingName, Group extends { version: number }> {
  id: string;
  title: string;
  inputs: readonly SettingInput<N>[];
  /** The group the form starts from: its values fill the fields and its version is the one a save names. */
  initial: Group;
  /** The group's values as the fields show them. */
  valuesOf: (group: Group) => Record<N, string>;
  save: (values: SettingsFormValues<N>, version: number) => Promise<Group>;
  submitLabel: string;
  savedText: (saved: Group) => string;
  /** The group as a refused save reports it is now, in the admin's words. */
  describe: (current: Group) => ReactNode;
  /** Below the fields, from the values as typed (the price preview). */
  preview?: (values: Partial<Record<N, string>>) => ReactNode;
  /** More of the group's controls than its numbers (a switch), held by the page and saved with the form. */
  extra?: ReactNode;
}

/**
 * A settings group's form: each setting checked as the server checks it, a required reason, and a save that names the
 * version the form started from. When someone saved another version meanwhile, the save is refused: the values in
 * force are shown beside the admin's, which stay in the form, and the next save, made knowingly, replaces them. Every
 * refusal stays on the page until the admin acts.
 */
export function SettingsForm<N extends SettingName, Group extends { version: number }>({
  id,
  title,
  inputs,
  initial,
  valuesOf,
  save,
  submitLabel,
  savedText,
  describe,
  preview,
  extra,
}: SettingsFormProps<N, Group>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fieldId = useId();
  const names = inputs.map((input) => input.name);
  // A page's fields stay the same for its life.
  const [schema] = useState(() => settingsFormSchema(names));
  // The fields are known only to the page, so the form holds plain text by name; the schema checks each one.
  const form = useForm<Record<string, string>>({
    resolver: zodResolver(schema) as unknown as Resolver<Record<string, string>>,
    defaultValues: { ...valuesOf(initial), reason: '' },
  });
  const typed = useWatch({ control: form.control });
  const [version, setVersion] = useState(initial.version);
  const [conflict, setConflict] = useState<Group | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState<Group | null>(null);
  const outcome = useRef<HTMLDivElement>(null);
  const mutation = useMutation({ mutationFn: (values: SettingsFormValues<N>) => save(values, version) });
  const { errors } = form.formState;

  const errorText = (name: N | 'reason') => {
    const message = errors[name]?.message;
    if (typeof message !== 'string' || !message) return undefined;
    return errors[name]?.type === 'server' ? message : t(message, messageParams(name));
  };
  const fieldProps = (name: N | 'reason') => ({
    id: `${fieldId}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': `${fieldId}-${name}-hint${errors[name] ? ` ${fieldId}-${name}-error` : ''}`,
    'data-testid': `setting-${name}`,
    ...form.register(name),
  });
  // What became of a save takes the focus, so it is read out and the admin continues from it.
  useEffect(() => {
    if (conflict || failure !== null || saved) outcome.current?.focus();
  }, [conflict, failure, saved]);

  const onSubmit = form.handleSubmit(async (values) => {
    setConflict(null);
    setFailure(null);
    setSaved(null);
    try {
      const answer = await mutation.mutateAsync(values as SettingsFormValues<N>);
      setVersion(answer.version);
      setSaved(answer);
      form.reset({ ...valuesOf(answer), reason: '' });
      toast({ title: savedText(answer) });
    } catch (error) {
      const current = settingsConflictOf<Group>(error);
      const field = refusedField(error, names);
      if (current) {
        // The next save is made knowing the values in force, so it names their version.
        setConflict(current);
        setVersion(current.version);
      } else if (field) {
        form.setError(field, { type: 'server', message: apiErrorText(t, error) }, { shouldFocus: true });
      } else {
        setFailure(error);
      }
    }
    void queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
  });

  return (
    <AdminSection title={title} id={id}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" data-testid={`${id}-form`}>
        <div className="grid gap-4 sm:grid-cols-2">
          {inputs.map(({ name, label, hint, whole }) => (
            <div key={name} className="flex min-w-0 flex-col gap-1.5">
              <Label htmlFor={`${fieldId}-${name}`}>{label}</Label>
              <Input
                type="text"
                inputMode={whole ? 'numeric' : 'decimal'}
                autoComplete="off"
                dir="ltr"
                className="text-start"
                {...fieldProps(name)}
              />
              <p id={`${fieldId}-${name}-hint`} className="text-xs text-muted-foreground">
                {hint}
              </p>
              <FieldError id={`${fieldId}-${name}-error`}>{errorText(name)}</FieldError>
            </div>
          ))}
        </div>
        {extra}
        {preview?.(typed as Partial<Record<N, string>>)}
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${fieldId}-reason`}>{t('admin.settings.reason')}</Label>
          <Textarea className="min-h-20" maxLength={ADMIN_REASON_MAX_LENGTH} {...fieldProps('reason')} />
          <p id={`${fieldId}-reason-hint`} className="text-xs text-muted-foreground">
            {t('admin.settings.reasonHint', { max: ADMIN_REASON_MAX_LENGTH })}
          </p>
          <FieldError id={`${fieldId}-reason-error`}>{errorText('reason')}</FieldError>
        </div>
        <div ref={outcome} tabIndex={-1} className="flex flex-col gap-3 outline-none empty:hidden">
          <SaveOutcome
            conflict={conflict}
            describe={describe}
            onDismissConflict={() => setConflict(null)}
            failure={failure}
            saved={saved}
            savedText={savedText}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={mutation.isPending} data-testid={`${id}-save`}>
            {mutation.isPending ? t('admin.settings.saving') : submitLabel}
          </Button>
          <span className="text-sm text-muted-foreground" data-testid="settings-form-version">
            {t('admin.settings.version')} {version}
          </span>
        </div>
      </form>
    </AdminSection>
  );
}
