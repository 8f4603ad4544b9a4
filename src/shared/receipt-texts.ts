import type { Language } from './constants';

/**
 * The events a receipt is e-mailed for (receipt_outbox.kind); deliveredNotCharged is a top-up delivered after its hold
 * had been released (ADR 041).
 */
export type ReceiptKind = 'completed' | 'failed' | 'refunded' | 'deliveredNotCharged';

/**
 * A receipt's words in each language, written once for the e-mailed receipts (server/mail/receipt-emails.ts) and the
 * printable receipt page, so both say the same. `{number}` is the recipient's number. The failed wording is
 * docs/product.md §8's "Top-up Failed" for a hold that was released.
 */
export interface ReceiptTexts {
  brand: string;
  subjects: Record<ReceiptKind, string>;
  titles: Record<ReceiptKind | 'processing' | 'notPaid', string>;
  leads: Record<ReceiptKind | 'processing' | 'notPaid', string>;
  recipient: string;
  country: string;
  operator: string;
  theyGot: string;
  /** A failed top-up's recipient got nothing: what it was for. */
  topUp: string;
  rate: string;
  youPaid: string;
  fee: string;
  total: string;
  held: string;
  charged: string;
  refunded: string;
  refundedOn: string;
  date: string;
  /** The order's short reference (GT-XXXX-XXXX), the first line of every receipt. */
  reference: string;
  /** The folded part of the receipt page that holds the long identifiers. */
  technicalDetails: string;
  orderNumber: string;
  operatorReference: string;
  transactionId: string;
  errorCode: string;
  viewOnline: string;
  whyThisEmail: string;
}

export const RECEIPT_TEXTS: Record<Language, ReceiptTexts> = {
  en: {
    brand: 'GlobalTopUp',
    subjects: {
      completed: 'Your receipt: top-up to {number}',
      failed: 'Top-up Failed: nothing was charged',
      refunded: 'Refunded: your top-up to {number}',
      deliveredNotCharged: 'Delivered, not charged: your top-up to {number}',
    },
    titles: {
      completed: 'Top-up receipt',
      failed: 'Top-up Failed',
      refunded: 'Top-up refunded',
      processing: 'Processing Top-up',
      notPaid: 'Not paid',
      deliveredNotCharged: 'Top-up delivered, not charged',
    },
    leads: {
      completed: 'Your top-up was delivered. Here is your receipt.',
      failed:
        'We couldn’t deliver your top-up, so nothing was charged: the hold on your card has been released. Your bank may take a few days to show the amount as available again.',
      refunded: 'Your payment for this top-up was refunded in full. Your bank may take 5 to 10 business days to show it.',
      processing: 'We are confirming the top-up with the operator.',
      notPaid: 'This order was not paid, so nothing was charged.',
      deliveredNotCharged: 'Your top-up was delivered after all, after the hold on your card had been released: your card was not charged for it.',
    },
    recipient: 'Recipient',
    country: 'Country',
    operator: 'Operator',
    theyGot: 'They Got',
    topUp: 'Top-up',
    rate: 'Exchange rate',
    youPaid: 'You Paid',
    fee: 'Service Fee',
    total: 'Total',
    held: 'Held on your card, then released',
    charged: 'Charged',
    refunded: 'Refunded',
    refundedOn: 'Refunded on',
    date: 'Date and time',
    reference: 'Reference',
    technicalDetails: 'Technical details',
    orderNumber: 'Order number',
    operatorReference: 'Operator transaction ID',
    transactionId: 'Transaction ID',
    errorCode: 'Error code',
    viewOnline: 'View or print this receipt',
    whyThisEmail: 'You get these e-mails because receipts are on in your profile settings, where you can turn them off:',
  },
  es: {
    brand: 'GlobalTopUp',
    subjects: {
      completed: 'Tu recibo: recarga a {number}',
      failed: 'Recarga fallida: no se te cobró nada',
      refunded: 'Reembolsada: tu recarga a {number}',
      deliveredNotCharged: 'Entregada sin cobro: tu recarga a {number}',
    },
    titles: {
      completed: 'Recibo de recarga',
      failed: 'Recarga fallida',
      refunded: 'Recarga reembolsada',
      processing: 'Procesando la recarga',
      notPaid: 'No pagado',
      deliveredNotCharged: 'Recarga entregada, sin cobro',
    },
    leads: {
      completed: 'Tu recarga se entregó. Este es tu recibo.',
      failed:
        'No pudimos entregar tu recarga, así que no se te cobró nada: la retención en tu tarjeta ya se liberó. Tu banco puede tardar unos días en mostrar el importe como disponible de nuevo.',
      refunded: 'El pago de esta recarga se reembolsó por completo. Tu banco puede tardar de 5 a 10 días hábiles en reflejarlo.',
      processing: 'Estamos confirmando la recarga con el operador.',
      notPaid: 'Este pedido no se pagó, así que no se te cobró nada.',
      deliveredNotCharged: 'Tu recarga se entregó finalmente, después de liberarse la retención en tu tarjeta: no se te cobró.',
    },
    recipient: 'Destinatario',
    country: 'País',
    operator: 'Operador',
    theyGot: 'Recibió',
    topUp: 'Recarga',
    rate: 'Tipo de cambio',
    youPaid: 'Pagaste',
    fee: 'Tarifa de servicio',
    total: 'Total',
    held: 'Retenido en tu tarjeta y liberado',
    charged: 'Cobrado',
    refunded: 'Reembolsado',
    refundedOn: 'Fecha del reembolso',
    date: 'Fecha y hora',
    reference: 'Referencia',
    technicalDetails: 'Detalles técnicos',
    orderNumber: 'Número de pedido',
    operatorReference: 'ID de transacción del operador',
    transactionId: 'ID de transacción',
    errorCode: 'Código de error',
    viewOnline: 'Ver o imprimir este recibo',
    whyThisEmail: 'Recibes estos correos porque los recibos están activados en la configuración de tu perfil, donde puedes desactivarlos:',
  },
  fr: {
    brand: 'GlobalTopUp',
    subjects: {
      completed: 'Votre reçu : recharge vers le {number}',
      failed: 'Échec de la recharge : rien ne vous a été débité',
      refunded: 'Remboursée : votre recharge vers le {number}',
      deliveredNotCharged: 'Livrée, non débitée : votre recharge au {number}',
    },
    titles: {
      completed: 'Reçu de recharge',
      failed: 'Échec de la recharge',
      refunded: 'Recharge remboursée',
      processing: 'Recharge en cours',
      notPaid: 'Non payée',
      deliveredNotCharged: 'Recharge livrée, non débitée',
    },
    leads: {
      completed: 'Votre recharge a été livrée. Voici votre reçu.',
      failed:
        'Nous n’avons pas pu livrer votre recharge, donc rien ne vous a été débité : la réservation sur votre carte a été levée. Votre banque peut mettre quelques jours à afficher le montant comme de nouveau disponible.',
      refunded: 'Le paiement de cette recharge a été entièrement remboursé. Votre banque peut mettre 5 à 10 jours ouvrés à l’afficher.',
      processing: 'Nous confirmons la recharge auprès de l’opérateur.',
      notPaid: 'Cette commande n’a pas été payée : rien ne vous a été débité.',
      deliveredNotCharged:
        'Votre recharge a finalement été livrée, après la levée de la réservation sur votre carte : votre carte n’a pas été débitée.',
    },
    recipient: 'Destinataire',
    country: 'Pays',
    operator: 'Opérateur',
    theyGot: 'Montant reçu',
    topUp: 'Recharge',
    rate: 'Taux de change',
    youPaid: 'Vous avez payé',
    fee: 'Frais de service',
    total: 'Total',
    held: 'Réservé sur votre carte, puis libéré',
    charged: 'Débité',
    refunded: 'Remboursé',
    refundedOn: 'Remboursé le',
    date: 'Date et heure',
    reference: 'Référence',
    technicalDetails: 'Détails techniques',
    orderNumber: 'Numéro de commande',
    operatorReference: 'Référence de l’opérateur',
    transactionId: 'Identifiant de transaction',
    errorCode: 'Code d’erreur',
    viewOnline: 'Voir ou imprimer ce reçu',
    whyThisEmail: 'Vous recevez ces e-mails car les reçus sont activés dans les paramètres de votre profil, où vous pouvez les désactiver :',
  },
  ar: {
    brand: 'GlobalTopUp',
    subjects: {
      completed: 'إيصالك: شحن إلى {number}',
      failed: 'فشل الشحن: لم يُخصم أي مبلغ',
      refunded: 'تم الاسترداد: الشحن إلى {number}',
      deliveredNotCharged: 'تم التسليم دون خصم: شحنك إلى {number}',
    },
    titles: {
      completed: 'إيصال الشحن',
      failed: 'فشل الشحن',
      refunded: 'تم استرداد مبلغ الشحن',
      processing: 'جارٍ تنفيذ الشحن',
      notPaid: 'غير مدفوع',
      deliveredNotCharged: 'تم تسليم الشحن دون خصم',
    },
    leads: {
      completed: 'تم تسليم الشحن. هذا إيصالك.',
      failed: 'تعذّر علينا تسليم الشحن، لذلك لم يُخصم أي مبلغ: أُلغي الحجز المؤقت على بطاقتك. قد يستغرق مصرفك بضعة أيام ليُظهر المبلغ متاحًا من جديد.',
      refunded: 'تم استرداد مبلغ هذا الشحن بالكامل. قد يستغرق ظهوره لدى مصرفك من 5 إلى 10 أيام عمل.',
      processing: 'نؤكد الشحن مع المشغّل.',
      notPaid: 'لم يُدفع هذا الطلب، لذلك لم يُخصم أي مبلغ.',
      deliveredNotCharged: 'تم تسليم شحنك في النهاية بعد إلغاء الحجز المؤقت على بطاقتك: لم يُخصم أي مبلغ من بطاقتك.',
    },
    recipient: 'المستلم',
    country: 'البلد',
    operator: 'المشغّل',
    theyGot: 'المبلغ المستلَم',
    topUp: 'الشحن',
    rate: 'سعر الصرف',
    youPaid: 'دفعت',
    fee: 'رسوم الخدمة',
    total: 'الإجمالي',
    held: 'حُجز على بطاقتك ثم أُفرج عنه',
    charged: 'المبلغ المخصوم',
    refunded: 'المبلغ المسترد',
    refundedOn: 'تاريخ الاسترداد',
    date: 'التاريخ والوقت',
    reference: 'المرجع',
    technicalDetails: 'التفاصيل التقنية',
    orderNumber: 'رقم الطلب',
    operatorReference: 'مرجع المشغّل',
    transactionId: 'معرّف المعاملة',
    errorCode: 'رمز الخطأ',
    viewOnline: 'عرض هذا الإيصال أو طباعته',
    whyThisEmail: 'تصلك هذه الرسائل لأن الإيصالات مفعّلة في إعدادات ملفك الشخصي، ويمكنك إيقافها من هناك:',
  },
};
