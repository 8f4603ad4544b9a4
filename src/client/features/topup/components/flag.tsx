import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/utils';

const frame = 'inline-flex h-[18px] w-6 shrink-0 overflow-hidden rounded-sm bg-muted ring-1 ring-black/15 dark:ring-white/35';

/** A flag, fetched once it is near the screen; decorative, the country's name is always next to it. */
export function Flag({ src, className }: { src: string; className?: string }) {
  return (
    <span className={cn(frame, className)}>
      <img src={src} alt="" width={24} height={18} loading="lazy" decoding="async" className="size-full object-cover" />
    </span>
  );
}

/**
 * A flag inside a scrolling list: its image is only requested once it scrolls into `root` (null while that is not
 * mounted yet), so opening the country list does not fetch some 170 images at once. Without a root: into the screen.
 */
export function LazyFlag({ src, root }: { src: string; root?: Element | null }) {
  const placeholder = useRef<HTMLSpanElement>(null);
  const [onScreen, setOnScreen] = useState(false);
  useEffect(() => {
    const element = placeholder.current;
    if (onScreen || root === null || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setOnScreen(true);
          observer.disconnect();
        }
      },
      { root: root ?? null, rootMargin: '64px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [onScreen, root]);
  if (onScreen) return <Flag src={src} />;
  return <span ref={placeholder} className={frame} data-testid="flag-placeholder" />;
}
