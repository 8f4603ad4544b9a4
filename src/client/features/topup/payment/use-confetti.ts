import { useEffect } from 'react';
import { CONFETTI_DURATION_MS, CONFETTI_INTERVAL_MS } from '@shared/constants';

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** A full-screen layer that clicks pass through and screen readers skip. */
function confettiLayer(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.setAttribute('aria-hidden', 'true');
  Object.assign(canvas.style, { position: 'fixed', inset: '0', width: '100%', height: '100%', pointerEvents: 'none', zIndex: '100' });
  document.body.append(canvas);
  return canvas;
}

/** Confetti every 250 ms for 2 s while `active` (docs/product.md §2, §9), and none at all for people who ask for less motion. */
export function useConfetti(active: boolean) {
  useEffect(() => {
    if (!active || prefersReducedMotion()) return;
    let stop = () => {};
    let cancelled = false;
    void import('canvas-confetti').then(({ create }) => {
      if (cancelled) return;
      const canvas = confettiLayer();
      // Drawing on the page's own thread: the Content-Security-Policy allows no workers from blob: addresses.
      const fire = create(canvas, { resize: true, useWorker: false, disableForReducedMotion: true });
      let falling: Promise<unknown> | null = null;
      const burst = () => {
        falling = fire({ particleCount: 60, spread: 80, startVelocity: 40, origin: { x: 0.2 + Math.random() * 0.6, y: 0.35 } });
      };
      const startedAt = Date.now();
      burst();
      const interval = setInterval(() => {
        if (Date.now() - startedAt < CONFETTI_DURATION_MS) {
          burst();
          return;
        }
        clearInterval(interval);
        void Promise.resolve(falling).then(() => canvas.remove());
      }, CONFETTI_INTERVAL_MS);
      stop = () => {
        clearInterval(interval);
        fire.reset();
        canvas.remove();
      };
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [active]);
}
