import { RTL_LANGUAGES, type Language } from '../../shared/constants';
import { formatPhoneInternational } from '../../shared/phone-format';
import { formatUsd } from '../../shared/pricing';
import { emailLanguage } from '../mail/account-emails';
import type { Email } from '../mail/mailer';
import { callingCodeOf } from '../catalog/calling-code';

/*
 * The auto top-up's e-mails (ADR 068), in the customer's language: the reminder before each charge with its "Skip this
 * one" and "Pause" links, the bank asking to confirm a charge (with a link to pay on the site), and the schedule
 * paused after two failed charges.
 */

export interface ScheduleFacts {
  to: string;
  language: string | null;
  countryIso: string;
  phone: string;
  amountCents: number;
}

interface Texts {
  reminder: { subject: string; body: string; skip: string; pause: string; manage: string };
  authentication: { subject: string; body: string; action: string };
  paused: { subject: string; body: string; action: string };
}

/** {number}, {amount} and {date} are filled in; the number is kept left-to-right inside right-to-left text. */
const TEXTS: Record<Language, Texts> = {
  en: {
    reminder: {
      subject: 'Your auto top-up is coming up',
      body: 'We will top up {number} with {amount} (plus the fee) on {date}, with your saved card.',
      skip: 'Skip this one',
      pause: 'Pause auto top-up',
      manage: 'Manage your auto top-ups',
    },
    authentication: {
      subject: 'Your bank asks you to confirm your auto top-up',
      body: 'Your bank asked to confirm the top-up of {number} with {amount}, so nothing was charged. Pay for it on our site to confirm it with your bank.',
      action: 'Top up now',
    },
    paused: {
      subject: 'Your auto top-up is paused',
      body: 'The last two charges for the top-up of {number} with {amount} did not go through, so we paused it. Nothing was charged. Check your card, then resume it in your profile.',
      action: 'Open your profile',
    },
  },
  es: {
    reminder: {
      subject: 'Tu recarga automática se acerca',
      body: 'Recargaremos {number} con {amount} (más la comisión) el {date}, con tu tarjeta guardada.',
      skip: 'Omitir esta',
      pause: 'Pausar la recarga automática',
      manage: 'Gestionar tus recargas automáticas',
    },
    authentication: {
      subject: 'Tu banco pide confirmar tu recarga automática',
      body: 'Tu banco pidió confirmar la recarga de {number} con {amount}, así que no se cobró nada. Págala en nuestro sitio para confirmarla con tu banco.',
      action: 'Recargar ahora',
    },
    paused: {
      subject: 'Tu recarga automática está en pausa',
      body: 'Los dos últimos cobros de la recarga de {number} con {amount} no se completaron, así que la pausamos. No se cobró nada. Revisa tu tarjeta y reanúdala en tu perfil.',
      action: 'Abrir tu perfil',
    },
  },
  fr: {
    reminder: {
      subject: 'Votre recharge automatique approche',
      body: 'Nous rechargerons le {number} de {amount} (plus les frais) le {date}, avec votre carte enregistrée.',
      skip: 'Passer celle-ci',
      pause: 'Mettre en pause la recharge automatique',
      manage: 'Gérer vos recharges automatiques',
    },
    authentication: {
      subject: 'Votre banque demande de confirmer votre recharge automatique',
      body: 'Votre banque a demandé de confirmer la recharge du {number} de {amount} : rien n’a été débité. Payez-la sur notre site pour la confirmer auprès de votre banque.',
      action: 'Recharger maintenant',
    },
    paused: {
      subject: 'Votre recharge automatique est en pause',
      body: 'Les deux derniers débits de la recharge du {number} de {amount} n’ont pas abouti : nous l’avons mise en pause. Rien n’a été débité. Vérifiez votre carte, puis reprenez-la dans votre profil.',
      action: 'Ouvrir votre profil',
    },
  },
  ar: {
    reminder: {
      subject: 'موعد إعادة الشحن التلقائي يقترب',
      body: 'سنشحن الرقم {number} بمبلغ {amount} (بالإضافة إلى الرسوم) في {date} باستخدام بطاقتك المحفوظة.',
      skip: 'تخطَّ هذه المرة',
      pause: 'أوقف إعادة الشحن التلقائي مؤقتًا',
      manage: 'إدارة عمليات إعادة الشحن التلقائي',
    },
    authentication: {
      subject: 'يطلب مصرفك تأكيد إعادة الشحن التلقائي',
      body: 'طلب مصرفك تأكيد شحن الرقم {number} بمبلغ {amount}، لذا لم يُخصم أي مبلغ. ادفع على موقعنا لتأكيدها مع مصرفك.',
      action: 'اشحن الآن',
    },
    paused: {
      subject: 'تم إيقاف إعادة الشحن التلقائي مؤقتًا',
      body: 'لم تنجح آخر عمليتي خصم لشحن الرقم {number} بمبلغ {amount}، لذا أوقفناها مؤقتًا. لم يُخصم أي مبلغ. تحقق من بطاقتك ثم استأنفها من ملفك الشخصي.',
      action: 'افتح ملفك الشخصي',
    },
  },
};

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One e-mail: a line with the schedule's facts, then its links (label and address). */
function compose(facts: ScheduleFacts, subject: string, body: string, links: { label: string; href: string }[], date?: Date): Email {
  const language = emailLanguage(facts.language);
  const number = formatPhoneInternational(facts.phone, callingCodeOf(facts.countryIso));
  const amount = `$${formatUsd(facts.amountCents)}`;
  const when = date ? `${new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC` : '';
  const fill = (text: string, wrap: (value: string) => string) =>
    text
      .split(/(\{number\}|\{amount\}|\{date\})/)
      .map((part) => (part === '{number}' ? wrap(number) : part === '{amount}' ? wrap(amount) : part === '{date}' ? when : part))
      .join('');
  const dir = RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
  const line = fill(body, (value) => value);
  const htmlLine = fill(escapeHtml(body), (value) => `<span dir="ltr">${escapeHtml(value)}</span>`);
  return {
    to: facts.to,
    subject,
    text: [line, '', ...links.map((link) => `${link.label}: ${link.href}`)].join('\n'),
    html: `<div dir="${dir}" lang="${language}"><p>${htmlLine}</p>${links
      .map((link) => `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`)
      .join('')}</div>`,
  };
}

const textsOf = (facts: ScheduleFacts) => TEXTS[emailLanguage(facts.language)];

/** The reminder before a charge, with its one-click links. */
export function reminderEmail(facts: ScheduleFacts, chargeAt: Date, links: { skip: string; pause: string; manage: string }): Email {
  const texts = textsOf(facts).reminder;
  return compose(
    facts,
    texts.subject,
    texts.body,
    [
      { label: texts.skip, href: links.skip },
      { label: texts.pause, href: links.pause },
      { label: texts.manage, href: links.manage },
    ],
    chargeAt,
  );
}

/** The bank asked for authentication: nothing was charged; the link opens the top-up of the same number. */
export function authenticationEmail(facts: ScheduleFacts, topUpLink: string): Email {
  const texts = textsOf(facts).authentication;
  return compose(facts, texts.subject, texts.body, [{ label: texts.action, href: topUpLink }]);
}

/** Two failed charges in a row paused the schedule. */
export function pausedEmail(facts: ScheduleFacts, profileLink: string): Email {
  const texts = textsOf(facts).paused;
  return compose(facts, texts.subject, texts.body, [{ label: texts.action, href: profileLink }]);
}
