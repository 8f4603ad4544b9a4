import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '@shared/constants';
import { currentLanguage, directionOf } from '@/i18n';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from '@/components/ui/toast';
import { dismissToast, useToasts } from '@/lib/toast';

/**
 * The toast stack, over the header's band (ADR 065): 5 s each, swiped 50 px towards the end of the line (right, left in Arabic) to dismiss, F8 focuses
 * it, and each is announced as a notification in the interface language (docs/product.md §9).
 */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const rtl = directionOf(currentLanguage()) === 'rtl';
  return (
    <ToastProvider
      label={t('toasts.label')}
      duration={TOAST_DURATION_MS}
      swipeDirection={rtl ? 'left' : 'right'}
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map(({ id, title, description, action, variant, open }) => (
        <Toast key={id} open={open} variant={variant} onOpenChange={(next) => !next && dismissToast(id)} data-testid="toast">
          {/* Title and description run on as one paragraph: two lines fit the header's band on a phone (ADR 065). */}
          <div className="min-w-0 text-sm leading-snug">
            {title && <ToastTitle className="inline">{title}</ToastTitle>}
            {title && description && ' — '}
            {description && <ToastDescription className="inline">{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose label={t('common.close')} />
        </Toast>
      ))}
      <ToastViewport label={t('common.notifications', { hotkey: '{hotkey}' })} hotkey={['F8']} />
    </ToastProvider>
  );
}
