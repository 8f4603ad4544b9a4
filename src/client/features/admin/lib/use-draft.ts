import { useState } from 'react';

/**
 * A form's values as typed, started from what the URL applies and started again whenever the URL changes under it
 * (the back button, a link): `appliedKey` names the applied values. The form stays mounted when it applies its own
 * values, so the focus stays on the button that applied them.
 */
export function useDraft<T>(applied: T, appliedKey: string) {
  const [draft, setDraft] = useState(applied);
  const [draftOf, setDraftOf] = useState(appliedKey);
  if (draftOf !== appliedKey) {
    setDraftOf(appliedKey);
    setDraft(applied);
  }
  return [draft, setDraft] as const;
}
