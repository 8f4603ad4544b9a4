import { exportFileName, YOUR_DATA_PATHS, type DeleteAccountRequest, type DeleteAccountResponse } from '@shared/api/your-data';
import { ROUTES } from '@shared/routes';
import { apiRequest } from '@/lib/api-client';

/** Fetches the customer's data and hands it to the browser as a file (globaltopup-data-<date>.json). */
export async function downloadMyData(): Promise<void> {
  const data = await apiRequest<{ exportedAt?: string }>(YOUR_DATA_PATHS.export);
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(data.exportedAt ? new Date(data.exportedAt) : new Date());
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the address can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const deleteMyAccount = (body: DeleteAccountRequest) => apiRequest<DeleteAccountResponse>(YOUR_DATA_PATHS.delete, { method: 'POST', body });

/** The query parameter a fresh Google sign-in comes back to the profile with, so the deletion dialog opens again. */
export const DELETE_AGAIN_PARAM = 'delete-account';

/** Sends the browser through Google again; it comes back to the profile with the deletion dialog open. */
export async function signInWithGoogleAgain(): Promise<void> {
  const back = `${window.location.origin}${ROUTES.profile}?${DELETE_AGAIN_PARAM}=1`;
  const answer = await apiRequest<{ url?: string }>('/api/auth/sign-in/social', {
    method: 'POST',
    body: { provider: 'google', callbackURL: back, errorCallbackURL: back },
  });
  if (!answer.url) throw new Error('No sign-in address');
  window.location.assign(answer.url);
}
