import type { z } from 'zod';
import { disguiseIn, type TextDisguise } from '../text-rules';
import type { ApiMessageKey } from './messages';

/** The message of each way a text could disguise itself, the same in the browser's forms and the server's answers. */
export const DISGUISE_MESSAGE_KEYS: Readonly<Record<TextDisguise, ApiMessageKey>> = {
  invisible: 'validation.invisibleCharacters',
  mixedScript: 'validation.mixedScriptWord',
};

/**
 * The check every free-text field of the API takes (`.superRefine(undisguised('name'))`): no invisible or
 * direction-changing character, and for a name no word mixing Latin with Cyrillic or Greek letters
 * (shared/text-rules.ts, `disguiseIn`).
 */
export const undisguised =
  (kind: 'name' | 'text') =>
  (text: string, context: z.RefinementCtx): void => {
    const disguise = disguiseIn(text, kind);
    if (disguise) context.addIssue({ code: 'custom', message: DISGUISE_MESSAGE_KEYS[disguise] });
  };
