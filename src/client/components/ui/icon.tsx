import { useEffect, useRef, useState, type RefObject } from 'react';
import { SPRITE_URLS } from '@/lib/asset-urls';
import { cn } from '@/lib/utils';

/** The drawing fills its box whatever the box's own rules for an `svg` (a Button sizes its icons, `[&_svg]:size-4`). */
const FILL_BOX = { display: 'block', width: '100%', height: '100%' } as const;

/**
 * An icon of a sprite (`SPRITE_URLS`, scripts/icon-sprites.ts), drawn in a box of `className`'s size: a one-colour
 * icon of src/client/assets/icons in the current text colour, a payment brand (`sprite="brands"`) in its own. Decorative
 * (hidden from assistive technology): what it stands for is said in text beside it or by its control's name. The first
 * screen uses these instead of icon components so that icons cost no JavaScript, and one sprite instead of a file
 * each so that the browser reads one SVG document for all of them (ADR 049).
 */
export function Icon({ name, className, sprite = 'icons' }: { name: string; className?: string; sprite?: keyof typeof SPRITE_URLS }) {
  return (
    <span aria-hidden="true" className={cn('inline-block shrink-0', className ?? 'size-4')}>
      <svg style={FILL_BOX}>
        <use href={`${SPRITE_URLS[sprite]}#${name}`} />
      </svg>
    </span>
  );
}

/**
 * Whether the element given the returned ref has come within 200 px of the screen (once true, it stays true). What is
 * drawn below the first screen waits for it, as `loading="lazy"` would have an image wait: a sprite's `use` has no such
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
 * An Icon below the first screen, drawn once it nears the screen: a first visit neither draws nor (for a sprite the
 * first screen does not use) fetches what it does not show. Until then an empty box of its size, in the pre-rendered
 * page as in the first render.
 */
export function LazyIcon({ name, className }: { name: string; className?: string }) {
  const [placeholder, near] = useNearScreen<HTMLSpanElement>();
  if (near) return <Icon name={name} className={className} />;
  return <span ref={placeholder} aria-hidden="true" className={cn('inline-block shrink-0', className ?? 'size-4')} />;
}
