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
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: Object.fromEntries(['/api', '/flags', '/oidc'].map((prefix) => [prefix, `http://127.0.0.1:${process.env.PORT ?? 3000}`])),
  },
});
