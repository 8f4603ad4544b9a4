import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = path.resolve(import.meta.dirname, 'src/client');

export default defineConfig({
  root,
  publicDir: path.join(root, 'public'),
  plugins: [react(), tailwindcss()],
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
    // The entry names every chunk a lazy page needs, to preload them (ADR 003): a short hash keeps that list short. Seven
    // characters is the fewest Rolldown accepts for more than 64 chunks.
    rollupOptions: { output: { chunkFileNames: 'assets/[name]-[hash:7].js' } },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: Object.fromEntries(['/api', '/flags', '/oidc'].map((prefix) => [prefix, `http://127.0.0.1:${process.env.PORT ?? 3000}`])),
  },
});
