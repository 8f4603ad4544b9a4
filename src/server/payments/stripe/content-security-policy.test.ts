import { describe, expect, it } from 'vitest';
import { withStripeDirectives } from './content-security-policy';

describe('withStripeDirectives', () => {
  it("adds Stripe's sources to the directives the application already sets, keeping its own", () => {
    const merged = withStripeDirectives({
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    });

    expect(merged).toEqual({
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
      imgSrc: ["'self'", 'data:', 'https://*.stripe.com'],
      connectSrc: ["'self'", 'https://api.stripe.com', 'https://m.stripe.network'],
      frameSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    });
  });

  it("starts a missing directive from defaultSrc, drops 'none' and lists no source twice", () => {
    const merged = withStripeDirectives({ defaultSrc: ["'none'"], scriptSrc: ["'self'", 'https://js.stripe.com'] });

    expect(merged.frameSrc).toEqual(['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
    expect(merged.scriptSrc).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
  });
});
