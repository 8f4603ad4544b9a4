import { Fragment, type ReactNode } from 'react';

/** Where the text goes in the sentence: a character no translation and no typed text contains. */
const SLOT = '\u0000';

/**
 * A sentence of the console's own ("by {{email}}", "Reason: {{reason}}") with text a person wrote (a name, an address,
 * a reason) in it, that text inside a <bdi>, so its direction cannot reorder the words around it. `sentence` is asked
 * for the sentence with `slot` where the text goes, e.g. `(slot) => t('admin.order.eventBy', { email: slot })`.
 */
export function isolatedIn(sentence: (slot: string) => string, text: string): ReactNode {
  const parts = sentence(SLOT).split(SLOT);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <bdi>{text}</bdi>}
      {part}
    </Fragment>
  ));
}
