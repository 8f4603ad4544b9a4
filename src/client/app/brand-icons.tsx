import { Icon, useNearScreen } from '@/components/ui/icon';
import type { AcceptedPayment } from '@shared/accepted-payments';

/** Payment and social icons are symbols of the static SVG sprites (src/client/assets/sprites), so they cost no JavaScript. */

/** Fetched once it nears the screen: at the foot of every page, it is not part of a first visit's first screen. */
export function PaymentIcon({ method }: { method: AcceptedPayment }) {
  const wide = method === 'applepay';
  const [frame, near] = useNearScreen<HTMLSpanElement>();
  return (
    <span ref={frame} className="flex h-8 w-14 items-center justify-center rounded-md border bg-white shadow-sm">
      {near && <Icon name={method} sprite="brands" className={wide ? 'h-6 w-11' : 'size-5'} />}
    </span>
  );
}

export const SOCIAL_LINKS = [
  { key: 'facebook', href: 'https://www.facebook.com/globaltopup' },
  { key: 'x', href: 'https://x.com/globaltopup' },
  { key: 'instagram', href: 'https://www.instagram.com/globaltopup' },
  { key: 'whatsapp', href: 'https://wa.me/15550100200' },
] as const;
