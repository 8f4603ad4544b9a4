import { lazy, type ComponentType } from 'react';

/**
 * React.lazy whose code can be asked for ahead of its first render. The app preloads the parts a pre-rendered page
 * shows before taking it over (main.tsx), so the whole page hydrates at once: a part still loading would stay inert
 * markup a click could fall on (ADR 016).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyWithPreload<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let loading: Promise<{ default: T }> | undefined;
  const preload = () => (loading ??= load());
  return Object.assign(lazy(preload), { preload });
}
