/**
 * The URL of a country's flag, keyed by the lowercase ISO code (docs/product.md §2). Kept apart from api/catalog.ts,
 * whose request schemas bring zod: the home page's country shortcuts show flags on the first visit, which loads no
 * zod (ADR 016).
 */
export function flagUrl(isoCode: string): string {
  return `/flags/${isoCode.toLowerCase()}.svg`;
}
