import { SPLASH_DURATION_MS } from '@shared/constants';

/** Fades out the loader painted by index.html, 1.5 s after navigation started (docs/product.md §2), then removes it. */
export function scheduleSplashRemoval() {
  const splash = document.getElementById('splash');
  if (!splash) return;
  const remaining = Math.max(0, SPLASH_DURATION_MS - performance.now());
  setTimeout(() => {
    splash.classList.add('splash-hidden');
    setTimeout(() => splash.remove(), 300);
  }, remaining);
}
