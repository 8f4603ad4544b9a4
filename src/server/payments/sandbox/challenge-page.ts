import type { SandboxPaymentIntentRow } from './payment-intents';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The languages of the product; the page follows the one the payment form was shown in. */
export const CHALLENGE_LANGUAGES = ['en', 'es', 'fr', 'ar'] as const;
export type ChallengeLanguage = (typeof CHALLENGE_LANGUAGES)[number];

const TEXTS: Record<ChallengeLanguage, Record<'title' | 'intro' | 'amount' | 'complete' | 'fail' | 'answered' | 'back', string>> = {
  en: {
    title: '3D Secure 2 Test Page',
    intro: "This sandbox page stands in for your bank's 3-D Secure check. No real money is involved.",
    amount: 'Payment of {amount}',
    complete: 'Complete authentication',
    fail: 'Fail authentication',
    answered: 'This authentication has already been answered.',
    back: 'Return to GlobalTopup',
  },
  es: {
    title: 'Página de prueba de 3D Secure 2',
    intro: 'Esta página del entorno de pruebas sustituye la verificación 3-D Secure de tu banco. No se mueve dinero real.',
    amount: 'Pago de {amount}',
    complete: 'Completar la autenticación',
    fail: 'Hacer fallar la autenticación',
    answered: 'Esta autenticación ya se respondió.',
    back: 'Volver a GlobalTopup',
  },
  fr: {
    title: 'Page de test 3D Secure 2',
    intro: "Cette page de l'environnement de test remplace la vérification 3-D Secure de votre banque. Aucun argent réel n'est en jeu.",
    amount: 'Paiement de {amount}',
    complete: "Terminer l'authentification",
    fail: "Faire échouer l'authentification",
    answered: 'Cette authentification a déjà reçu une réponse.',
    back: 'Revenir à GlobalTopup',
  },
  ar: {
    title: 'صفحة اختبار 3D Secure 2',
    intro: 'تحلّ صفحة بيئة الاختبار هذه محلّ تحقّق \u20663-D Secure\u2069 لدى مصرفك. لا تُستخدم أي أموال حقيقية.',
    amount: 'دفعة بقيمة {amount}',
    complete: 'إتمام المصادقة',
    fail: 'إفشال المصادقة',
    answered: 'تمّت الإجابة عن هذه المصادقة من قبل.',
    back: 'العودة إلى GlobalTopup',
  },
};

export function challengeLanguageOf(value: unknown): ChallengeLanguage {
  return CHALLENGE_LANGUAGES.find((language) => language === value) ?? 'en';
}

const STYLE = `
:root{color-scheme:light dark;--bg:#f4f5f7;--card:#fff;--text:#1f2328;--muted:#57606a;--line:#d0d7de;--primary:#0b5cd5;--on-primary:#fff}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--card:#161b22;--text:#e6edf3;--muted:#9da7b3;--line:#30363d;--primary:#4493f8;--on-primary:#0d1117}}
body{font-family:system-ui,sans-serif;background:var(--bg);color:var(--text);display:flex;justify-content:center;padding:48px 16px;margin:0}
main{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:32px;max-width:380px;width:100%}
h1{font-size:20px;margin:0 0 8px}p{font-size:15px;color:var(--muted);margin:0 0 16px}.amount{color:var(--text);font-weight:600}
form{margin:0}button,a.button{font:inherit;display:block;box-sizing:border-box;width:100%;padding:12px;border-radius:8px;font-size:16px;cursor:pointer;margin-top:12px;text-align:center;text-decoration:none}
button.complete,a.button{background:var(--primary);border:1px solid var(--primary);color:var(--on-primary)}
button.fail{background:transparent;border:1px solid var(--line);color:var(--text)}
button:focus-visible,a.button:focus-visible{outline:3px solid var(--primary);outline-offset:2px}
`;

function page(language: ChallengeLanguage, body: string): string {
  const texts = TEXTS[language];
  return `<!doctype html>
<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(texts.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(texts.title)}</h1>
${body}
</main>
</body>
</html>`;
}

/**
 * The sandbox's 3-D Secure challenge page, as Stripe's test page: the payment's amount and two buttons. Each posts
 * the payer's answer with the intent's client secret (the proof the browser holds), then the server sends the payer
 * back to /payment-complete.
 */
export function challengePage(intent: SandboxPaymentIntentRow, language: ChallengeLanguage, action: string): string {
  const texts = TEXTS[language];
  const amount = new Intl.NumberFormat(language, { style: 'currency', currency: intent.currency.toUpperCase() }).format(intent.amount / 100);
  const button = (answer: 'complete' | 'fail') => `<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="client_secret" value="${escapeHtml(intent.clientSecret)}">
<input type="hidden" name="answer" value="${answer}">
<button type="submit" class="${answer}">${escapeHtml(texts[answer])}</button>
</form>`;
  return page(
    language,
    `<p>${escapeHtml(texts.intro)}</p>
<p class="amount"><bdi>${escapeHtml(texts.amount.replace('{amount}', amount))}</bdi></p>
${button('complete')}
${button('fail')}`,
  );
}

/** The page for an intent whose challenge was answered already (a second tab, the back button): the way back. */
export function answeredChallengePage(language: ChallengeLanguage, returnPath: string): string {
  const texts = TEXTS[language];
  return page(
    language,
    `<p role="status">${escapeHtml(texts.answered)}</p>\n<a class="button" href="${escapeHtml(returnPath)}">${escapeHtml(texts.back)}</a>`,
  );
}
