import { useEffect, useRef, useState, type RefObject } from 'react';
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
 * Whether the element given the returned ref has come within 200 px of the screen (once true, it stays true). What is
 * drawn below the first screen waits for it, as `loading="lazy"` would have an image wait: a CSS mask has no such
 * attribute, and the browser loads lazy images of a pre-rendered page well before they near the screen (ADR 016).
 */
export function useNearScreen<T extends Element>(): [RefObject<T | null>, boolean] {
  const element = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (near || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [near]);
  return [element, near];
}

/**
 * An Icon below the first screen: its file is only requested once it nears the screen, so a first visit does not
 * fetch the icons it does not show. Until then an empty box of its size, in the pre-rendered page as in the first
 * render.
 */
export function LazyIcon({ name, className }: { name: string; className?: string }) {
  const [placeholder, near] = useNearScreen<HTMLSpanElement>();
  if (near) return <Icon name={name} className={className} />;
  return <span ref={placeholder} aria-hidden="true" className={cn('inline-block shrink-0', className ?? 'size-4')} />;
}
