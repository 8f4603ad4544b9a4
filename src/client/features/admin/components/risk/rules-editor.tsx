import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { ADMIN_REASON_MAX_LENGTH } from '@shared/api/admin';
import { REVIEW_WINDOW_MINUTES, type RiskSettings } from '@shared/api/risk';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label, Textarea } from '@/components/ui/input';
import { ApiRequestError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { toast } from '@/lib/toast';
import { saveRiskRules } from '../../api/risk';
import { ADMIN_QUERY_KEY } from '../../api/request';
import { reasonProblem } from '../../lib/actions';
import { draftOf, draftProblems, MAX_RULES, newRuleId, ruleOf, type RuleDraft } from '../../lib/rule-drafts';
import { settingsConflictOf } from '../../lib/settings-form';
import { AdminSection } from '../admin-page-frame';
import { RuleFields } from './rule-fields';
import { RulesSummary } from './rules-summary';
import { SaveOutcome } from '../save-outcome';

/**
 * The rules editor: every rule's conditions, action and switch, the review window, and a required reason; saved with
 * the version it started from. A save on an older version is refused with the rules in force shown beside the admin's,
 * which stay in the form (the next save replaces them knowingly); a field the page or the server refuses is shown at it.
 */
export function RulesEditor({ initial }: { initial: RiskSettings }) {
  const { t } = useTranslation();
  const formId = useId();
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<RuleDraft[]>(() => initial.rules.map(draftOf));
  const [reviewWindow, setReviewWindow] = useState(String(initial.reviewWindowMinutes));
  const [reason, setReason] = useState('');
  const [version, setVersion] = useState(initial.version);
  const [problems, setProblems] = useState<Map<string, string>>(new Map());
  const [conflict, setConflict] = useState<RiskSettings | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState<RiskSettings | null>(null);
  const outcome = useRef<HTMLDivElement>(null);
  const mutation = useMutation({ mutationFn: saveRiskRules });
  const max = ADMIN_REASON_MAX_LENGTH;

  useEffect(() => {
    if (conflict || failure !== null || saved) outcome.current?.focus();
  }, [conflict, failure, saved]);

  const problemAt = (path: string) => problems.get(path);
  const focusField = (path: string) => document.querySelector<HTMLElement>(`[data-field="${path}"]`)?.focus();
  const change = (index: number, draft: RuleDraft) => {
    setDrafts((was) => was.map((old, i) => (i === index ? draft : old)));
    setProblems(new Map());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setConflict(null);
    setFailure(null);
    setSaved(null);
    const found = new Map([...draftProblems(drafts, reviewWindow)].map(([path, problem]) => [path, t(problem.key, problem.params)]));
    const reasonIssue = reasonProblem(reason);
    if (reasonIssue) found.set('reason', reasonIssue === 'required' ? t('admin.action.reasonRequired') : t('admin.action.reasonTooLong', { max }));
    setProblems(found);
    const first = found.keys().next();
    if (!first.done) return focusField(first.value);
    try {
      const answer = await mutation.mutateAsync({
        version,
        rules: drafts.map(ruleOf),
        reviewWindowMinutes: Number(reviewWindow.trim()),
        reason: reason.trim(),
      });
      setVersion(answer.version);
      setSaved(answer);
      setDrafts(answer.rules.map(draftOf));
      setReason('');
      toast({ title: t('admin.rules.saved', { version: answer.version }) });
    } catch (error) {
      const current = settingsConflictOf<RiskSettings>(error);
      if (current) {
        setConflict(current);
        setVersion(current.version);
      } else if (error instanceof ApiRequestError && error.status === 400 && error.field) {
        // The server's check named the field (a rule that does not parse, a threshold out of range): said at it.
        setProblems(new Map([[error.field, apiErrorText(t, error)]]));
        if (!document.querySelector(`[data-field="${error.field}"]`)) setFailure(error);
        else focusField(error.field);
      } else {
        setFailure(error);
      }
    }
    void queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
  };

  const addRule = () => {
    setDrafts((was) => [
      ...was,
      {
        id: newRuleId(was),
        description: '',
        action: 'review',
        enabled: true,
        when: [{ signal: 'orderTotalCents', op: 'gte', value: '10000' }],
        isNew: true,
      },
    ]);
    setProblems(new Map());
  };
  const windowProblem = problemAt('reviewWindowMinutes');
  const reasonIssue = problemAt('reason');

  return (
    <AdminSection title={t('admin.rules.edit')} id="rules-edit">
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4" data-testid="rules-form">
        <p className="text-sm text-muted-foreground">{t('admin.rules.howItDecides')}</p>
        <div className="flex flex-col gap-3" data-testid="rules-list">
          {drafts.map((draft, index) => (
            <RuleFields
              key={`${index}-${draft.isNew ? 'new' : draft.id}`}
              draft={draft}
              index={index}
              formId={formId}
              problemAt={problemAt}
              onChange={(next) => change(index, next)}
              onRemove={() => (setDrafts((was) => was.filter((_, i) => i !== index)), setProblems(new Map()))}
            />
          ))}
        </div>
        <div>
          <Button type="button" variant="outline" onClick={addRule} disabled={drafts.length >= MAX_RULES} data-testid="rules-add">
            <Plus aria-hidden="true" />
            {t('admin.rules.addRule')}
          </Button>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor={`${formId}-reviewWindowMinutes`}>{t('admin.rules.reviewWindow')}</Label>
            <Input
              id={`${formId}-reviewWindowMinutes`}
              data-field="reviewWindowMinutes"
              value={reviewWindow}
              onChange={(event) => (setReviewWindow(event.target.value), setProblems(new Map()))}
              inputMode="numeric"
              autoComplete="off"
              dir="ltr"
              className="text-start"
              aria-invalid={windowProblem ? true : undefined}
              aria-describedby={`${formId}-reviewWindowMinutes-hint${windowProblem ? ` ${formId}-reviewWindowMinutes-error` : ''}`}
              data-testid="rules-review-window"
            />
            <p id={`${formId}-reviewWindowMinutes-hint`} className="text-xs text-muted-foreground">
              {t('admin.rules.reviewWindowHint', REVIEW_WINDOW_MINUTES)}
            </p>
            <FieldError id={`${formId}-reviewWindowMinutes-error`}>{windowProblem}</FieldError>
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${formId}-reason`}>{t('admin.settings.reason')}</Label>
          <Textarea
            id={`${formId}-reason`}
            data-field="reason"
            className="min-h-20"
            maxLength={max}
            value={reason}
            onChange={(event) => (setReason(event.target.value), setProblems((was) => (was.has('reason') ? new Map() : was)))}
            aria-invalid={reasonIssue ? true : undefined}
            aria-describedby={`${formId}-reason-hint${reasonIssue ? ` ${formId}-reason-error` : ''}`}
            data-testid="rules-reason"
          />
          <p id={`${formId}-reason-hint`} className="text-xs text-muted-foreground">
            {t('admin.settings.reasonHint', { max })}
          </p>
          <FieldError id={`${formId}-reason-error`}>{reasonIssue}</FieldError>
        </div>
        <div ref={outcome} tabIndex={-1} className="flex flex-col gap-3 outline-none empty:hidden">
          <SaveOutcome
            conflict={conflict}
            describe={(settings) => <RulesSummary settings={settings} testId="rules-conflict" />}
            onDismissConflict={() => setConflict(null)}
            failure={failure}
            saved={saved}
            savedText={(settings) => t('admin.rules.saved', { version: settings.version })}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={mutation.isPending} data-testid="rules-save">
            {mutation.isPending ? t('admin.settings.saving') : t('admin.rules.save')}
          </Button>
          <span className="text-sm text-muted-foreground" data-testid="settings-form-version">
            {t('admin.settings.version')} {version}
          </span>
        </div>
      </form>
    </AdminSection>
  );
}
