import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentConfigResponse } from '@shared/api/orders';
import { apiRequest } from '@/lib/api-client';

/** GET /api/payment-config: which payment form to show (Stripe's or the sandbox's) and whether it is in test mode. */
export const getPaymentConfig = () => apiRequest<PaymentConfigResponse>('/api/payment-config');

export const paymentConfigQueryOptions = () => queryOptions({ queryKey: ['payment-config'], queryFn: getPaymentConfig });

export const usePaymentConfig = () => useQuery(paymentConfigQueryOptions());
