/** GET /api/payment-config, shared with the footer's "We accept" (src/client/lib/payment-config.ts). */
export { getPaymentConfig, paymentConfigQueryOptions, usePaymentConfig } from '@/lib/payment-config';
