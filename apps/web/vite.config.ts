import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API the dev and preview servers proxy `/api` to (the mock: API_URL=http://localhost:3999).
const apiUrl = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  base: '/',
  server: {
    port: 5173,
    proxy: { '/api': { target: apiUrl, changeOrigin: true } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: apiUrl, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
  },
});
