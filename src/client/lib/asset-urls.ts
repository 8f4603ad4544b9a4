import logoDark from '@/assets/logo-dark.svg?url';
import logoLight from '@/assets/logo-light.svg?url';
import brandSprite from '@/assets/sprites/brands.svg?url';
import iconSprite from '@/assets/sprites/icons.svg?url';

/**
 * The built app's image files, by name: Vite copies them under /assets with a content hash in the name, so they are
 * cached for a year like the code (the URLs change when the files do).
 */
const iconFiles = import.meta.glob<string>('../assets/icons/*.svg', { eager: true, query: '?url', import: 'default' });

const icons = new Map(Object.entries(iconFiles).map(([file, url]) => [file.slice(file.lastIndexOf('/') + 1, -'.svg'.length), url]));

/** Whether `src/client/assets/icons/<name>.svg` exists (a card brand the provider names may have none). */
export const hasIcon = (name: string): boolean => icons.has(name);

/** The URL of the icon `src/client/assets/icons/<name>.svg`. */
export function iconUrl(name: string): string {
  const url = icons.get(name);
  if (!url) throw new Error(`No icon named ${name}`);
  return url;
}

export const LOGO_URLS = { light: logoLight, dark: logoDark } as const;

/**
 * The sprites of the icons (scripts/icon-sprites.ts): one SVG document each for the whole page, where a file per icon
 * was a document per icon for the browser to parse, style and lay out (ADR 049). `icons` are drawn in the text's
 * colour, `brands` (the payment methods) in their own.
 */
export const SPRITE_URLS = { icons: iconSprite, brands: brandSprite } as const;
