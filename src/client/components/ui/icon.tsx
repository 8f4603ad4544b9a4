import { iconUrl } from '@/lib/asset-urls';
import { cn } from '@/lib/utils';

/**
 * A monochrome icon from src/client/assets/icons drawn in the current text colour through a CSS mask. The first screen uses
 * these instead of icon components so that icons cost no JavaScript.
 */
export function Icon({ name, className }: { name: string; className?: string }) {
  const mask = `url(${iconUrl(name)}) center / contain no-repeat`;
  return <span aria-hidden="true" className={cn('inline-block shrink-0 bg-current', className ?? 'size-4')} style={{ mask, WebkitMask: mask }} />;
}
