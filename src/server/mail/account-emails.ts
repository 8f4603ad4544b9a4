import { DEFAULT_LANGUAGE, RTL_LANGUAGES, SUPPORTED_LANGUAGES, type Language } from '../../shared/constants';
import type { Email } from './mailer';

/** Changes to an account that its owner is told about by e-mail, whoever made them. */
export type AccountNotice = 'passwordChanged' | 'twoFactorOn' | 'twoFactorOff' | 'backupCodesRenewed' | 'signInMethodAdded';

interface NoticeText {
  subject: string;
  /** `{method}` is the sign-in method's name. */
  body: string;
}

interface LanguageTexts {
  verify: { subject: string; body: string; action: string; expiry: string; notYou: string };
  notices: Record<AccountNotice, NoticeText>;
  notYou: string;
  resetLink: string;
  methods: { google: string; credential: string };
}

const TEXTS: Record<Language, LanguageTexts> = {
  en: {
    verify: {
      subject: 'Confirm your GlobalTopUp e-mail address',
      body: 'Please confirm that this address belongs to your GlobalTopUp account.',
      action: 'Confirm my e-mail address',
      expiry: 'The link works for 24 hours.',
      notYou: 'If you did not create an account, ignore this e-mail.',
    },
    notices: {
      passwordChanged: {
        subject: 'Your GlobalTopUp password was changed',
        body: 'The password of your GlobalTopUp account was just changed. Other browsers signed in to it were signed out.',
      },
      twoFactorOn: { subject: 'Two-factor authentication is on', body: 'Two-factor authentication was just turned on for your GlobalTopUp account.' },
      twoFactorOff: {
        subject: 'Two-factor authentication was turned off',
        body: 'Two-factor authentication was just turned off for your GlobalTopUp account.',
      },
      backupCodesRenewed: {
        subject: 'New two-factor backup codes',
        body: 'New backup codes were just made for your GlobalTopUp account. The old ones no longer work.',
      },
      signInMethodAdded: { subject: 'A new way to sign in was added', body: '{method} sign-in was just added to your GlobalTopUp account.' },
    },
    notYou: 'If it was not you, choose a new password now and contact us:',
    resetLink: 'Reset your password',
    methods: { google: 'Google', credential: 'Password' },
  },
  es: {
    verify: {
      subject: 'Confirma tu dirección de correo de GlobalTopUp',
      body: 'Confirma que esta dirección pertenece a tu cuenta de GlobalTopUp.',
      action: 'Confirmar mi dirección de correo',
      expiry: 'El enlace funciona durante 24 horas.',
      notYou: 'Si no creaste una cuenta, ignora este correo.',
    },
    notices: {
      passwordChanged: {
        subject: 'Se cambió tu contraseña de GlobalTopUp',
        body: 'Se acaba de cambiar la contraseña de tu cuenta de GlobalTopUp. Se cerró la sesión en los demás navegadores.',
      },
      twoFactorOn: {
        subject: 'La autenticación en dos pasos está activada',
        body: 'Se acaba de activar la autenticación en dos pasos en tu cuenta de GlobalTopUp.',
      },
      twoFactorOff: {
        subject: 'Se desactivó la autenticación en dos pasos',
        body: 'Se acaba de desactivar la autenticación en dos pasos en tu cuenta de GlobalTopUp.',
      },
      backupCodesRenewed: {
        subject: 'Nuevos códigos de respaldo',
        body: 'Se acaban de generar nuevos códigos de respaldo para tu cuenta de GlobalTopUp. Los anteriores ya no funcionan.',
      },
      signInMethodAdded: {
        subject: 'Se añadió una nueva forma de iniciar sesión',
        body: 'Se acaba de añadir el inicio de sesión con {method} a tu cuenta de GlobalTopUp.',
      },
    },
    notYou: 'Si no fuiste tú, elige ahora una nueva contraseña y contáctanos:',
    resetLink: 'Restablecer tu contraseña',
    methods: { google: 'Google', credential: 'contraseña' },
  },
  fr: {
    verify: {
      subject: 'Confirmez votre adresse e-mail GlobalTopUp',
      body: 'Veuillez confirmer que cette adresse appartient à votre compte GlobalTopUp.',
      action: 'Confirmer mon adresse e-mail',
      expiry: 'Le lien fonctionne pendant 24 heures.',
      notYou: 'Si vous n’avez pas créé de compte, ignorez cet e-mail.',
    },
    notices: {
      passwordChanged: {
        subject: 'Votre mot de passe GlobalTopUp a été modifié',
        body: 'Le mot de passe de votre compte GlobalTopUp vient d’être modifié. Les autres navigateurs connectés ont été déconnectés.',
      },
      twoFactorOn: {
        subject: 'La double authentification est activée',
        body: 'La double authentification vient d’être activée sur votre compte GlobalTopUp.',
      },
      twoFactorOff: {
        subject: 'La double authentification a été désactivée',
        body: 'La double authentification vient d’être désactivée sur votre compte GlobalTopUp.',
      },
      backupCodesRenewed: {
        subject: 'Nouveaux codes de secours',
        body: 'De nouveaux codes de secours viennent d’être créés pour votre compte GlobalTopUp. Les anciens ne fonctionnent plus.',
      },
      signInMethodAdded: {
        subject: 'Un nouveau moyen de connexion a été ajouté',
        body: 'La connexion avec {method} vient d’être ajoutée à votre compte GlobalTopUp.',
      },
    },
    notYou: 'Si ce n’était pas vous, choisissez dès maintenant un nouveau mot de passe et contactez-nous :',
    resetLink: 'Réinitialiser votre mot de passe',
    methods: { google: 'Google', credential: 'mot de passe' },
  },
  ar: {
    verify: {
      subject: 'أكّد عنوان بريدك الإلكتروني في GlobalTopUp',
      body: 'يُرجى تأكيد أن هذا العنوان يخص حسابك في GlobalTopUp.',
      action: 'تأكيد عنوان بريدي الإلكتروني',
      expiry: 'يعمل الرابط لمدة 24 ساعة.',
      notYou: 'إذا لم تنشئ حسابًا، فتجاهل هذه الرسالة.',
    },
    notices: {
      passwordChanged: {
        subject: 'تم تغيير كلمة مرور GlobalTopUp',
        body: 'تم للتو تغيير كلمة مرور حسابك في GlobalTopUp، وتم تسجيل الخروج من المتصفحات الأخرى.',
      },
      twoFactorOn: { subject: 'تم تفعيل المصادقة الثنائية', body: 'تم للتو تفعيل المصادقة الثنائية لحسابك في GlobalTopUp.' },
      twoFactorOff: { subject: 'تم إيقاف المصادقة الثنائية', body: 'تم للتو إيقاف المصادقة الثنائية لحسابك في GlobalTopUp.' },
      backupCodesRenewed: {
        subject: 'رموز احتياطية جديدة',
        body: 'تم للتو إنشاء رموز احتياطية جديدة لحسابك في GlobalTopUp، ولم تعد الرموز القديمة صالحة.',
      },
      signInMethodAdded: {
        subject: 'تمت إضافة طريقة جديدة لتسجيل الدخول',
        body: 'تمت للتو إضافة تسجيل الدخول عبر {method} إلى حسابك في GlobalTopUp.',
      },
    },
    notYou: 'إذا لم تكن أنت، فاختر كلمة مرور جديدة الآن وتواصل معنا:',
    resetLink: 'إعادة تعيين كلمة المرور',
    methods: { google: 'Google', credential: 'كلمة المرور' },
  },
};

export function emailLanguage(language: string | null | undefined): Language {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(language ?? '') ? (language as Language) : DEFAULT_LANGUAGE;
}

/** The e-mail telling an account's owner about a change, in their language, with a way back if it was not them. */
export function accountNoticeEmail(
  notice: AccountNotice,
  { to, language, publicUrl, method }: { to: string; language: string; publicUrl: string; method?: string },
): Email {
  const lang = emailLanguage(language);
  const texts = TEXTS[lang];
  const methodName = method === 'google' || method === 'credential' ? texts.methods[method] : (method ?? '');
  const { subject, body } = texts.notices[notice];
  const line = body.replace('{method}', methodName);
  const link = `${publicUrl}/auth`;
  const dir = RTL_LANGUAGES.includes(lang) ? 'rtl' : 'ltr';
  return {
    to,
    subject,
    text: `${line}\n\n${texts.notYou}\n${link}`,
    html: `<div dir="${dir}" lang="${lang}"><p>${line}</p><p>${texts.notYou} <a href="${link}">${texts.resetLink}</a></p></div>`,
  };
}

/** The link that proves an address belongs to its account, in the owner's language. */
export function verifyEmailMessage({ to, language, link }: { to: string; language: string; link: string }): Email {
  const lang = emailLanguage(language);
  const { subject, body, action, expiry, notYou } = TEXTS[lang].verify;
  const dir = RTL_LANGUAGES.includes(lang) ? 'rtl' : 'ltr';
  return {
    to,
    subject,
    text: `${body}\n\n${action}:\n${link}\n\n${expiry} ${notYou}`,
    html: `<div dir="${dir}" lang="${lang}"><p>${body}</p><p><a href="${link}">${action}</a></p><p>${expiry} ${notYou}</p></div>`,
  };
}
