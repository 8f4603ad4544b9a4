/**
 * Renders the public pages to HTML at build time (scripts/prerender.ts), from the same components the browser then
 * hydrates: one page per route, language and theme, for a visitor without a session (ADR 016).
 */
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { Language } from '@shared/constants';
import { App } from '@/app/app';
import { changeLanguage, i18n, initI18n } from '@/i18n';
import type { ResolvedTheme } from '@/lib/theme';

let ready: Promise<unknown> | undefined;

async function switchTo(language: Language) {
  ready ??= initI18n(language, { withPageTexts: true });
  await ready;
  if (i18n.language !== language) await changeLanguage(language);
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** The markup of #root for `pathname` (every lazy part loaded and rendered). */
export async function renderPage(pathname: string, language: Language, theme: ResolvedTheme): Promise<string> {
  await switchTo(language);
  const router = ({ children }: { children: ReactNode }) => <StaticRouter location={pathname}>{children}</StaticRouter>;
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(<App router={router} theme={{ theme, systemDark: theme === 'dark' }} mayBeSignedIn={false} />, {
    onError: (error) => void errors.push(error),
    // Every part in place in the markup: no boundary sent apart and revealed by an inline script (which the CSP forbids).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  // React hints the images it met as preloads ahead of the markup; the browser finds them in the page soon enough, and
  // the footer's icons are no first-screen business.
  const html = (await readAll(prelude)).replace(/^(<link rel="preload" as="image"[^>]*\/>)+/, '');
  if (errors.length) throw new Error(`Pre-rendering ${pathname} (${language}, ${theme}) failed: ${String(errors[0])}`, { cause: errors[0] });
  return html;
}
