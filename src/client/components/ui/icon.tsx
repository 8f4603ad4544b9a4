import { useEffect, useRef, useState } from 'react';
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

/**
 * An Icon below the first screen: its file is only requested once it nears the screen, as `loading="lazy"` does for an
 * image (a CSS mask has no such attribute), so a first visit does not fetch the icons it does not show (ADR 016). It
 * keeps its size meanwhile, and the pre-rendered page has it without the mask, as the browser's first render does.
 */
export function LazyIcon({ name, className }: { name: string; className?: string }) {
  const placeholder = useRef<HTMLSpanElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = placeholder.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  if (near) return <Icon name={name} className={className} />;
  return <span ref={placeholder} aria-hidden="true" className={cn('inline-block shrink-0', className ?? 'size-4')} />;
}
