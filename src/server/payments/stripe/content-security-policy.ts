/** Content-Security-Policy directives as @fastify/helmet takes them: camelCase names, each a list of sources or null. */
export type CspDirectives = Record<string, readonly string[] | null>;

/**
 * What Stripe.js and the Payment Element load, per Stripe's integration security guide
 * (docs.stripe.com/security/guide#content-security-policy). Its maps.googleapis.com entries serve only the Address
 * Element's autocomplete, which the payment form does not use.
 */
export const STRIPE_DIRECTIVES = {
  scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  // hooks.stripe.com hosts 3-D Secure challenges and the Cash App redirect.
  frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  // m.stripe.network receives Stripe.js's fraud signals.
  connectSrc: ['https://api.stripe.com', 'https://m.stripe.network'],
  imgSrc: ['https://*.stripe.com'],
} satisfies CspDirectives;

/**
 * `directives` with Stripe's sources added. A directive it lacks starts from its defaultSrc, which the browser applied
 * in its place, so each directive keeps what it allowed and gains only Stripe's sources; 'none' gives way to them.
 */
export function withStripeDirectives(directives: CspDirectives): CspDirectives {
  const merged = { ...directives };
  for (const [name, stripeSources] of Object.entries(STRIPE_DIRECTIVES)) {
    const current = directives[name] ?? directives.defaultSrc ?? [];
    const kept = current.filter((source) => source !== "'none'");
    merged[name] = [...kept, ...stripeSources.filter((source) => !kept.includes(source))];
  }
  return merged;
}
