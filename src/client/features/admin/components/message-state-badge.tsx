import { useTranslation } from 'react-i18next';
import type { AdminMessageRow } from '@shared/api/admin-messages';
import { Badge } from './status-badge';

/** Where a contact message stands: handled, read (open), or unread. */
export function MessageStateBadge({ message }: { message: Pick<AdminMessageRow, 'readAt' | 'handledAt'> }) {
  const { t } = useTranslation();
  const state = message.handledAt ? 'handled' : message.readAt ? 'read' : 'unread';
  const tone = state === 'handled' ? 'good' : state === 'unread' ? 'progress' : 'neutral';
  return (
    <Badge tone={tone} testId="message-state">
      <span data-state={state}>{t(`admin.messages.state.${state}`)}</span>
    </Badge>
  );
}
