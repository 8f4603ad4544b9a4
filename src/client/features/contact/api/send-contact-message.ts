import { useMutation } from '@tanstack/react-query';
import type { ContactRequest, ContactResponse } from '@shared/api/contact';
import { apiRequest } from '@/lib/api-client';

export function sendContactMessage(input: ContactRequest) {
  return apiRequest<ContactResponse>('/api/contact', { method: 'POST', body: input });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
