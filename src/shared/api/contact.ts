import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../constants';
import { hasNoNul, isSafeName, NAME_MAX_LENGTH } from '../text-rules';
import { emailSchema } from './account';
import { undisguised } from './free-text';

export const CONTACT_TOPICS = ['topup', 'payment', 'account', 'other'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

/**
 * POST /api/contact — a message to the support team.
 * Messages are translation keys: the browser shows them in the visitor's language, the server answers in English.
 */
export const contactRequestSchema = z.object({
  name: z
    .string('validation.nameRequired')
    .trim()
    .min(2, 'validation.nameRequired')
    .max(NAME_MAX_LENGTH, 'validation.nameTooLong')
    .refine(isSafeName, 'validation.nameCharacters')
    .superRefine(undisguised('name')),
  email: emailSchema,
  topic: z.enum(CONTACT_TOPICS, 'validation.topicRequired'),
  message: z
    .string('validation.messageTooShort')
    .trim()
    .min(10, 'validation.messageTooShort')
    .max(2000, 'validation.messageTooLong')
    .refine(hasNoNul, 'validation.messageCharacters')
    .superRefine(undisguised('text')),
  language: z.enum(SUPPORTED_LANGUAGES).default('en'),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

export interface ContactResponse {
  success: true;
  id: string;
}
