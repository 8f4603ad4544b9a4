/**
 * The icons' own files, by name, for the pages that show an icon as an image (a saved card's brand, the sandbox's
 * payment form): Vite copies them under /assets with a content hash in the name, cached for a year like the code. Not
 * part of the first screen, which draws its icons from the sprites (asset-urls.ts, ADR 049).
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
