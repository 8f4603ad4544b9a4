import { readFileSync } from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = path.resolve(import.meta.dirname, 'src/client');

/**
 * boot.js applies the saved theme and language before the first paint, so it must run before the body is parsed:
 * written into the page itself it costs no request (the server allows it by its hash in the CSP, client-app.ts).
 */
function inlineBootScript(): Plugin {
  return {
    name: 'inline-boot-script',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const script = readFileSync(path.join(root, 'boot.js'), 'utf8').trim();
        return html.replace('<script src="./boot.js"></script>', `<script>${script}</script>`);
      },
    },
  };
}

export default defineConfig({
  root,
  publicDir: false,
  plugins: [react(), tailwindcss(), inlineBootScript()],
  resolve: {
    alias: {
      '@': root,
      '@shared': path.resolve(import.meta.dirname, 'src/shared'),
    },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/client'),
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // Every image gets a hashed file of its own under /assets (cached for a year), none is copied into the code.
    assetsInlineLimit: 0,
    // Every browser the product serves has modulepreload: no polyfill in the entry (ADR 049). A lazy part's chunks are
    // still preloaded together when it is imported (ADR 003): without it the take-over of / came one round trip later.
    modulePreload: { polyfill: false },
    // The entry names every chunk a lazy page needs, to preload them (ADR 003): a short hash keeps that list short. Seven
    // characters is the fewest Rolldown accepts for more than 64 chunks.
    rollupOptions: { output: { chunkFileNames: 'assets/[name]-[hash:7].js' } },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: Object.fromEntries(['/api', '/flags', '/oidc'].map((prefix) => [prefix, `http://127.0.0.1:${process.env.PORT ?? 3000}`])),
  },
});
