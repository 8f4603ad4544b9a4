import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../text-rules';

/** The profile's "Your data" calls (server/http/your-data.ts). */
export const YOUR_DATA_PATHS = {
  /** GET → 200 the customer's data as a JSON download (globaltopup-data-<date>.json); 401 visitors. */
  export: '/api/user/data',
  /**
   * POST DeleteAccountRequest → 200 DeleteAccountResponse, every session ended; 400 a missing or wrong password or
   * code; 403 FRESH_SIGN_IN_REQUIRED (an account without a password, signed in too long ago); 409 ORDERS_IN_PROGRESS
   * or ADMIN_ACCOUNT; 429 too many wrong passwords or codes.
   */
  delete: '/api/user/delete',
} as const;

/** The proof of identity: the password (accounts that have one) and a current or backup code (two-factor on). */
export const deleteAccountRequestSchema = z.object({
  password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  code: z.string().max(64).optional(),
});
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;

export interface DeleteAccountResponse {
  success: true;
}

/** The name the export is downloaded under, by the day (UTC) it was made. */
export const exportFileName = (now: Date) => `globaltopup-data-${now.toISOString().slice(0, 10)}.json`;
