import { useNearScreen } from '@/components/ui/icon';
import type { AcceptedPayment } from '@shared/accepted-payments';
import { iconUrl } from '@/lib/asset-urls';

/** Payment and social icons are static SVG files (src/client/assets/icons), so they cost no JavaScript. */

/** Fetched once it nears the screen: at the foot of every page, it is not part of a first visit's first screen. */
export function PaymentIcon({ method }: { method: AcceptedPayment }) {
  const wide = method === 'applepay';
  const [frame, near] = useNearScreen<HTMLSpanElement>();
  return (
    <span ref={frame} className="flex h-8 w-14 items-center justify-center rounded-md border bg-white shadow-sm">
      {near && <img src={iconUrl(method)} alt="" width={wide ? 44 : 20} height={wide ? 24 : 20} loading="lazy" />}
    </span>
  );
}

export const SOCIAL_LINKS = [
  { key: 'facebook', href: 'https://www.facebook.com/globaltopup' },
  { key: 'x', href: 'https://x.com/globaltopup' },
  { key: 'instagram', href: 'https://www.instagram.com/globaltopup' },
  { key: 'whatsapp', href: 'https://wa.me/15550100200' },
] as const;
