import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const serverUrl = 'http://localhost:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: { conditions: ['@vineta/source'] },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/api', '/connect', '/.well-known', '/interaction', '/swagger', '/health'].map((path) => [path, serverUrl]),
    ),
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
