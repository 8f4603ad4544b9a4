import logoDark from '@/assets/logo-dark.svg?url';
import logoLight from '@/assets/logo-light.svg?url';
import brandSprite from '@/assets/sprites/brands.svg?url';
import iconSprite from '@/assets/sprites/icons.svg?url';

/** The logo's two files (light and dark); Vite copies them under /assets with a content hash in the name. */
export const LOGO_URLS = { light: logoLight, dark: logoDark } as const;

/**
 * The sprites of the icons (scripts/icon-sprites.ts): one SVG document each for the whole page, where a file per icon
 * was a document per icon for the browser to parse, style and lay out (ADR 049). `icons` are drawn in the text's
 * colour, `brands` (the payment methods) in their own.
 */
export const SPRITE_URLS = { icons: iconSprite, brands: brandSprite } as const;
