import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import fr from '@/i18n/locales/pages/fr.json';
import { ApiRequestError, apiRequest } from './api-client';
import { apiErrorText } from './api-error-text';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: 'fr', resources: { fr: { translation: fr } }, interpolation: { escapeValue: false } });
});

const refusal = (body: { message?: string; messageKey?: string; messageParams?: Record<string, string | number> }) =>
  new ApiRequestError(404, `404: ${JSON.stringify(body)}`, body.message, undefined, body.messageKey, 'SOME_CODE', body.messageParams);

class WrappingError extends Error {
  constructor(
    message: string,
    readonly messageKey?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('apiErrorText', () => {
  it('reads the key and its values from a refused answer', async () => {
    const body = {
      success: false,
      message: 'The price has changed',
      code: 'PRICE_CHANGED',
      messageKey: 'apiErrors.priceChanged',
      messageParams: { total: '$10.66', fee: '$0.66' },
    };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status: 409 }));
    const error = await apiRequest('/api/create-payment-intent', { method: 'POST', body: {} }).catch((caught: unknown) => caught);
    expect(apiErrorText(i18n.t, error)).toBe(
      'Le prix a changé : le total est maintenant de $10.66 (frais $0.66). Vérifiez-le et confirmez de nouveau.',
    );
  });

  it("shows the server's refusal in the customer's language, by its key", () => {
    const detection = refusal({ message: 'Could not auto detect operator for given phone number', messageKey: 'apiErrors.operatorNotDetected' });
    expect(apiErrorText(i18n.t, detection)).toBe("Nous n'avons pas trouvé l'opérateur de ce numéro de téléphone. Vérifiez le numéro et réessayez.");
  });

  it('fills the values the server gave into the translation', () => {
    const limit = refusal({
      message: 'over the limit',
      messageKey: 'apiErrors.dailyLimitReached',
      messageParams: { limit: '$200.00', left: '$12.50' },
    });
    expect(apiErrorText(i18n.t, limit)).toBe(
      "Cette recharge dépasserait votre plafond de $200.00 sur 24 heures. Vous pouvez encore envoyer jusqu'à $12.50 aujourd'hui, frais compris.",
    );
  });

  it("falls back to the server's English for a key this version does not know, or for no key", () => {
    expect(apiErrorText(i18n.t, refusal({ message: 'A brand-new refusal.', messageKey: 'apiErrors.fromTheFuture' }))).toBe('A brand-new refusal.');
    expect(apiErrorText(i18n.t, refusal({ message: 'Plain English.' }))).toBe('Plain English.');
  });

  it('reads the server answer an error of the browser wraps', () => {
    const wrapped = new WrappingError('x', undefined, {
      cause: refusal({ message: 'x', messageKey: 'apiErrors.recipientRecentlyToppedUp', messageParams: { minutes: 2 } }),
    });
    expect(apiErrorText(i18n.t, wrapped)).toBe(
      'Ce numéro a été rechargé il y a moins de 2 minutes. Attendez quelques minutes avant de lui envoyer une autre recharge.',
    );
  });

  it("without a readable answer: the error's own key, else the fallback key, else its message", () => {
    expect(apiErrorText(i18n.t, new WrappingError('Failed to detect operator', 'topup.errors.detectFailed'))).toBe(
      'Impossible de détecter l’opérateur',
    );
    expect(apiErrorText(i18n.t, new ApiRequestError(502, '502: Bad gateway'), 'payment.intent.failed')).toBe(
      "Impossible de créer l'intention de paiement",
    );
    expect(apiErrorText(i18n.t, new Error('offline'))).toBe('offline');
  });
});
