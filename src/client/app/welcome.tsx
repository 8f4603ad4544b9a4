import { useTranslation } from 'react-i18next';

const NAME_MARK = '\uE000';

/**
 * 'Welcome, name': a long name is cut with an ellipsis instead of pushing the header off a phone's screen. The name is
 * isolated in its own direction, so a Latin name in the Arabic header loses its end, not its start.
 */
export function Welcome({ name, testId }: { name: string; testId: string }) {
  const { t } = useTranslation();
  const [before = '', after = ''] = t('account.welcome', { name: NAME_MARK }).split(NAME_MARK);
  return (
    <span className="flex min-w-0" data-testid={testId}>
      {before && <span className="shrink-0 whitespace-pre">{before}</span>}
      <bdi dir="auto" className="min-w-0 truncate">
        {name}
      </bdi>
      {after && <span className="shrink-0 whitespace-pre">{after}</span>}
    </span>
  );
}
