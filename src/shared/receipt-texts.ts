import type { Language } from './constants';

/**
 * The events a receipt is e-mailed for (receipt_outbox.kind); deliveredNotCharged is a top-up delivered after its hold
 * had been released (ADR 041).
 */
export type ReceiptKind = 'completed' | 'failed' | 'refunded' | 'deliveredNotCharged';

/**
 * What else the receipt outbox e-mails about an order (ADR 042): a top-up still not delivered 10 minutes after it was
 * sent, and an "It didn't arrive" report a person resolved as delivered (one resolved as refunded gets the refund's
 * receipt).
 */
export type NoticeKind = 'delayed' | 'reportDelivered';

/** Every kind of e-mail the receipt outbox sends (receipt_outbox.kind). */
export type OutboxKind = ReceiptKind | NoticeKind;

export const NOTICE_KINDS: readonly NoticeKind[] = ['delayed', 'reportDelivered'];

/**
 * A receipt's words in each language, written once for the e-mailed receipts (server/mail/receipt-emails.ts) and the
 * printable receipt page, so both say the same. `{number}` is the recipient's number. The failed wording is
 * docs/product.md §8's "Top-up Failed" for a hold that was released.
 */
export interface ReceiptTexts {
  brand: string;
  /** `{number}` is the recipient's number. */
  subjects: Record<OutboxKind, string>;
  titles: Record<OutboxKind | 'processing' | 'notPaid', string>;
  /** reportDelivered's `{reference}` is the reference the operator knows the top-up by. */
  leads: Record<OutboxKind | 'processing' | 'notPaid', string>;
  recipient: string;
  country: string;
  operator: string;
  theyGot: string;
  /** A failed top-up's recipient got nothing: what it was for. */
  topUp: string;
  rate: string;
  youPaid: string;
  fee: string;
  /** A promo code's discount (ADR 067). */
  discount: string;
  total: string;
  held: string;
  /** A delayed top-up's total: held, not yet charged. */
  heldUntilDelivery: string;
  charged: string;
  refunded: string;
  refundedOn: string;
  /** The card (brand and last four) or wallet the customer paid with. */
  paymentMethod: string;
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
  /** The merchant block: who sold the top-up, and how to reach its support. */
  soldBy: string;
  support: string;
}

export const RECEIPT_TEXTS: Record<Language, ReceiptTexts> = {
  en: {
    brand: 'GlobalTopUp',
    subjects: {
      completed: 'Your receipt: top-up to {number}',
      failed: 'Top-up Failed: nothing was charged',
      refunded: 'Refunded: your top-up to {number}',
      deliveredNotCharged: 'Delivered, not charged: your top-up to {number}',
      delayed: 'Your top-up to {number} is taking longer than usual',
      reportDelivered: 'Your report about the top-up to {number}: it was delivered',
    },
    titles: {
      completed: 'Top-up receipt',
      failed: 'Top-up Failed',
      refunded: 'Top-up refunded',
      processing: 'Processing Top-up',
      notPaid: 'Not paid',
      deliveredNotCharged: 'Top-up delivered, not charged',
      delayed: 'Your top-up is delayed',
      reportDelivered: 'We checked your top-up: it was delivered',
    },
    leads: {
      completed: 'Your top-up was delivered. Here is your receipt.',
      failed:
        'We couldn’t deliver your top-up, so nothing was charged: the hold on your card has been released. Your bank may take a few days to show the amount as available again.',
      refunded: 'Your payment for this top-up was refunded in full. Your bank may take 5 to 10 business days to show it.',
      processing: 'We are confirming the top-up with the operator.',
      notPaid: 'This order was not paid, so nothing was charged.',
      deliveredNotCharged: 'Your top-up was delivered after all, after the hold on your card had been released: your card was not charged for it.',
      delayed:
        'The operator has not confirmed your top-up yet. We keep checking and will e-mail your receipt once it is delivered. Your card is only charged once the top-up is delivered; if it cannot be delivered, the hold on your card is released and nothing is charged. Your order number is below.',
      reportDelivered:
        'You told us your top-up did not arrive. The operator confirms it was delivered to the number below. If the recipient still cannot see it, they can give their operator this reference: {reference}.',
    },
    recipient: 'Recipient',
    country: 'Country',
    operator: 'Operator',
    theyGot: 'They Got',
    topUp: 'Top-up',
    rate: 'Exchange rate',
    youPaid: 'You Paid',
    fee: 'Service Fee',
    discount: 'Promo discount',
    total: 'Total',
    held: 'Held on your card, then released',
    heldUntilDelivery: 'Held on your card until delivery',
    charged: 'Charged',
    refunded: 'Refunded',
    refundedOn: 'Refunded on',
    paymentMethod: 'Payment method',
    date: 'Date and time',
    reference: 'Reference',
    technicalDetails: 'Technical details',
    orderNumber: 'Order number',
    operatorReference: 'Operator transaction ID',
    transactionId: 'Transaction ID',
    errorCode: 'Error code',
    viewOnline: 'View or print this receipt',
    whyThisEmail: 'You get these e-mails because receipts are on in your profile settings, where you can turn them off:',
    soldBy: 'Sold by',
    support: 'Customer support',
  },
  es: {
    brand: 'GlobalTopUp',
    subjects: {
      completed: 'Tu recibo: recarga a {number}',
      failed: 'Recarga fallida: no se te cobró nada',
      refunded: 'Reembolsada: tu recarga a {number}',
      deliveredNotCharged: 'Entregada sin cobro: tu recarga a {number}',
      delayed: 'Tu recarga a {number} está tardando más de lo habitual',
      reportDelivered: 'Tu aviso sobre la recarga a {number}: se entregó',
    },
    titles: {
      completed: 'Recibo de recarga',
      failed: 'Recarga fallida',
      refunded: 'Recarga reembolsada',
      processing: 'Procesando la recarga',
      notPaid: 'No pagado',
      deliveredNotCharged: 'Recarga entregada, sin cobro',
      delayed: 'Tu recarga se está retrasando',
      reportDelivered: 'Revisamos tu recarga: se entregó',
    },
    leads: {
      completed: 'Tu recarga se entregó. Este es tu recibo.',
      failed:
        'No pudimos entregar tu recarga, así que no se te cobró nada: la retención en tu tarjeta ya se liberó. Tu banco puede tardar unos días en mostrar el importe como disponible de nuevo.',
      refunded: 'El pago de esta recarga se reembolsó por completo. Tu banco puede tardar de 5 a 10 días hábiles en reflejarlo.',
      processing: 'Estamos confirmando la recarga con el operador.',
      notPaid: 'Este pedido no se pagó, así que no se te cobró nada.',
      deliveredNotCharged: 'Tu recarga se entregó finalmente, después de liberarse la retención en tu tarjeta: no se te cobró.',
      delayed:
        'El operador aún no ha confirmado tu recarga. Seguimos comprobándola y te enviaremos el recibo por correo cuando se entregue. Solo se cobra a tu tarjeta cuando la recarga se entrega; si no se puede entregar, se libera la retención en tu tarjeta y no se cobra nada. Tu número de pedido figura abajo.',
      reportDelivered:
        'Nos dijiste que tu recarga no llegó. El operador confirma que se entregó al número indicado abajo. Si el destinatario aún no la ve, puede dar a su operador esta referencia: {reference}.',
    },
    recipient: 'Destinatario',
    country: 'País',
    operator: 'Operador',
    theyGot: 'Recibió',
    topUp: 'Recarga',
    rate: 'Tipo de cambio',
    youPaid: 'Pagaste',
    fee: 'Tarifa de servicio',
    discount: 'Descuento promocional',
    total: 'Total',
    held: 'Retenido en tu tarjeta y liberado',
    heldUntilDelivery: 'Retenido en tu tarjeta hasta la entrega',
    charged: 'Cobrado',
    refunded: 'Reembolsado',
    refundedOn: 'Fecha del reembolso',
    paymentMethod: 'Método de pago',
    date: 'Fecha y hora',
    reference: 'Referencia',
    technicalDetails: 'Detalles técnicos',
    orderNumber: 'Número de pedido',
    operatorReference: 'ID de transacción del operador',
    transactionId: 'ID de transacción',
    errorCode: 'Código de error',
    viewOnline: 'Ver o imprimir este recibo',
    whyThisEmail: 'Recibes estos correos porque los recibos están activados en la configuración de tu perfil, donde puedes desactivarlos:',
    soldBy: 'Vendido por',
    support: 'Atención al cliente',
  },
  fr: {
    brand: 'GlobalTopUp',
    subjects: {
      completed: 'Votre reçu : recharge vers le {number}',
      failed: 'Échec de la recharge : rien ne vous a été débité',
      refunded: 'Remboursée : votre recharge vers le {number}',
      deliveredNotCharged: 'Livrée, non débitée : votre recharge au {number}',
      delayed: 'Votre recharge vers le {number} prend plus de temps que prévu',
      reportDelivered: 'Votre signalement sur la recharge vers le {number} : elle a été livrée',
    },
    titles: {
      completed: 'Reçu de recharge',
      failed: 'Échec de la recharge',
      refunded: 'Recharge remboursée',
      processing: 'Recharge en cours',
      notPaid: 'Non payée',
      deliveredNotCharged: 'Recharge livrée, non débitée',
      delayed: 'Votre recharge est retardée',
      reportDelivered: 'Nous avons vérifié votre recharge : elle a été livrée',
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
      delayed:
        'L’opérateur n’a pas encore confirmé votre recharge. Nous continuons de vérifier et vous enverrons le reçu par e-mail dès qu’elle sera livrée. Votre carte n’est débitée qu’une fois la recharge livrée ; si elle ne peut pas l’être, la réservation sur votre carte est levée et rien n’est débité. Votre numéro de commande figure ci-dessous.',
      reportDelivered:
        'Vous nous avez signalé que votre recharge n’était pas arrivée. L’opérateur confirme qu’elle a été livrée au numéro ci-dessous. Si le destinataire ne la voit toujours pas, il peut donner cette référence à son opérateur : {reference}.',
    },
    recipient: 'Destinataire',
    country: 'Pays',
    operator: 'Opérateur',
    theyGot: 'Montant reçu',
    topUp: 'Recharge',
    rate: 'Taux de change',
    youPaid: 'Vous avez payé',
    fee: 'Frais de service',
    discount: 'Remise promo',
    total: 'Total',
    held: 'Réservé sur votre carte, puis libéré',
    heldUntilDelivery: 'Réservé sur votre carte jusqu’à la livraison',
    charged: 'Débité',
    refunded: 'Remboursé',
    refundedOn: 'Remboursé le',
    paymentMethod: 'Moyen de paiement',
    date: 'Date et heure',
    reference: 'Référence',
    technicalDetails: 'Détails techniques',
    orderNumber: 'Numéro de commande',
    operatorReference: 'Référence de l’opérateur',
    transactionId: 'Identifiant de transaction',
    errorCode: 'Code d’erreur',
    viewOnline: 'Voir ou imprimer ce reçu',
    whyThisEmail: 'Vous recevez ces e-mails car les reçus sont activés dans les paramètres de votre profil, où vous pouvez les désactiver :',
    soldBy: 'Vendu par',
    support: 'Service client',
  },
  ar: {
    brand: 'GlobalTopUp',
    subjects: {
      completed: 'إيصالك: شحن إلى {number}',
      failed: 'فشل الشحن: لم يُخصم أي مبلغ',
      refunded: 'تم الاسترداد: الشحن إلى {number}',
      deliveredNotCharged: 'تم التسليم دون خصم: شحنك إلى {number}',
      delayed: 'يستغرق شحنك إلى {number} وقتًا أطول من المعتاد',
      reportDelivered: 'بلاغك عن الشحن إلى {number}: تم التسليم',
    },
    titles: {
      completed: 'إيصال الشحن',
      failed: 'فشل الشحن',
      refunded: 'تم استرداد مبلغ الشحن',
      processing: 'جارٍ تنفيذ الشحن',
      notPaid: 'غير مدفوع',
      deliveredNotCharged: 'تم تسليم الشحن دون خصم',
      delayed: 'تأخّر شحنك',
      reportDelivered: 'تحققنا من شحنك: تم تسليمه',
    },
    leads: {
      completed: 'تم تسليم الشحن. هذا إيصالك.',
      failed: 'تعذّر علينا تسليم الشحن، لذلك لم يُخصم أي مبلغ: أُلغي الحجز المؤقت على بطاقتك. قد يستغرق مصرفك بضعة أيام ليُظهر المبلغ متاحًا من جديد.',
      refunded: 'تم استرداد مبلغ هذا الشحن بالكامل. قد يستغرق ظهوره لدى مصرفك من 5 إلى 10 أيام عمل.',
      processing: 'نؤكد الشحن مع المشغّل.',
      notPaid: 'لم يُدفع هذا الطلب، لذلك لم يُخصم أي مبلغ.',
      deliveredNotCharged: 'تم تسليم شحنك في النهاية بعد إلغاء الحجز المؤقت على بطاقتك: لم يُخصم أي مبلغ من بطاقتك.',
      delayed:
        'لم يؤكد المشغّل شحنك بعد. نواصل التحقق وسنرسل إليك الإيصال بالبريد الإلكتروني فور تسليمه. لا يُخصم المبلغ من بطاقتك إلا بعد تسليم الشحن؛ وإذا تعذّر تسليمه يُلغى الحجز المؤقت على بطاقتك ولا يُخصم أي مبلغ. رقم طلبك مذكور أدناه.',
      reportDelivered:
        'أبلغتنا أن شحنك لم يصل. يؤكد المشغّل أنه سُلِّم إلى الرقم المذكور أدناه. إذا كان المستلم لا يزال لا يراه، فيمكنه تزويد مشغّله بهذا المرجع: {reference}.',
    },
    recipient: 'المستلم',
    country: 'البلد',
    operator: 'المشغّل',
    theyGot: 'المبلغ المستلَم',
    topUp: 'الشحن',
    rate: 'سعر الصرف',
    youPaid: 'دفعت',
    fee: 'رسوم الخدمة',
    discount: 'خصم الرمز الترويجي',
    total: 'الإجمالي',
    held: 'حُجز على بطاقتك ثم أُفرج عنه',
    heldUntilDelivery: 'محجوز على بطاقتك حتى التسليم',
    charged: 'المبلغ المخصوم',
    refunded: 'المبلغ المسترد',
    refundedOn: 'تاريخ الاسترداد',
    paymentMethod: 'وسيلة الدفع',
    date: 'التاريخ والوقت',
    reference: 'المرجع',
    technicalDetails: 'التفاصيل التقنية',
    orderNumber: 'رقم الطلب',
    operatorReference: 'مرجع المشغّل',
    transactionId: 'معرّف المعاملة',
    errorCode: 'رمز الخطأ',
    viewOnline: 'عرض هذا الإيصال أو طباعته',
    whyThisEmail: 'تصلك هذه الرسائل لأن الإيصالات مفعّلة في إعدادات ملفك الشخصي، ويمكنك إيقافها من هناك:',
    soldBy: 'البائع',
    support: 'خدمة العملاء',
  },
};
