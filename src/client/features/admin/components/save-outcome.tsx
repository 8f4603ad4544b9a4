import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { InlineError } from '@/components/ui/inline-error';
import { apiErrorText } from '@/lib/api-error-text';
import { accessProblemOf } from '../lib/access';
import { AccessNotice } from './access-notice';

/**
 * What a versioned settings save came to, in the form's outcome area (the pricing and limits forms, the risk rules):
 * a newer version saved by someone else (what it holds, and that the admin's own edits are kept), a refusal or a lost
 * session, or the version saved.
 */
export function SaveOutcome<S extends { version: number }>({
  conflict,
  describe,
  onDismissConflict,
  failure,
  saved,
  savedText,
}: {
  conflict: S | null;
  describe: (settings: S) => ReactNode;
  onDismissConflict: () => void;
  failure: unknown;
  saved: S | null;
  savedText: (settings: S) => string;
}) {
  const { t } = useTranslation();
  const accessProblem = accessProblemOf(failure);
  return (
    <>
      {conflict && (
        <div className="flex flex-col items-start gap-3" data-testid="settings-conflict">
          <InlineError title={t('admin.settings.conflictTitle')} className="w-full">
            {t('apiErrors.settingsChanged')}
          </InlineError>
          <div className="w-full rounded-lg border p-3 text-sm">
            <p className="font-medium">{t('admin.settings.conflictCurrent', { version: conflict.version })}</p>
            {describe(conflict)}
            <p className="mt-2 text-muted-foreground">{t('admin.settings.conflictKeep')}</p>
          </div>
          <Button type="button" variant="ghost" size="sm" onClick={onDismissConflict}>
            {t('admin.settings.dismiss')}
          </Button>
        </div>
      )}
      {failure !== null &&
        (accessProblem ? (
          <AccessNotice problem={accessProblem} />
        ) : (
          <InlineError title={t('admin.settings.notSaved')} testId="settings-failure">
            {apiErrorText(t, failure)}
          </InlineError>
        ))}
      {saved && (
        <p role="status" className="text-sm font-medium text-primary" data-testid="settings-saved">
          {savedText(saved)}
        </p>
      )}
    </>
  );
}
