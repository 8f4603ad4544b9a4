import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentConfigResponse } from '@shared/api/orders';
import { apiRequest } from './api-client';

/**
 * GET /api/payment-config: which payment form to show (Stripe's or the sandbox's), whether it is in test mode, and
 * what the checkout takes (the footer's "We accept"). One query for the footer and the payment step.
 */
export const getPaymentConfig = () => apiRequest<PaymentConfigResponse>('/api/payment-config');

export const paymentConfigQueryOptions = () => queryOptions({ queryKey: ['payment-config'], queryFn: getPaymentConfig, staleTime: Infinity });

export const usePaymentConfig = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...paymentConfigQueryOptions(), enabled });

let accepted: Promise<PaymentConfigResponse['accepts']> | undefined;

/** What the checkout takes, asked once per page load (the footer of every page reads it). */
export function acceptedByCheckout(): Promise<PaymentConfigResponse['accepts']> {
  accepted ??= getPaymentConfig().then((config) => config.accepts);
  accepted.catch(() => {
    accepted = undefined;
  });
  return accepted;
}
