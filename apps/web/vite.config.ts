import react from '@vitejs/plugin-react';
import postcss, { type Plugin as PostcssPlugin } from 'postcss';
import rtlcss from 'rtlcss';
import { defineConfig } from 'vite';

const serverUrl = 'http://localhost:3000';

/** rtlcss for the stylesheets whose file name ends in `-rtl.scss` (Bootstrap's own RTL build). */
function rtlForRtlFiles(): PostcssPlugin {
  return {
    postcssPlugin: 'vineta-rtl',
    Once(root) {
      if (!/-rtl\.scss($|\?)/.test(root.source?.input.file ?? '')) return;
      // Processing the Root itself flips it in place (rtlcss is synchronous).
      void postcss([rtlcss()]).process(root, { from: root.source?.input.file }).root;
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: { conditions: ['@vineta/source'] },
  css: {
    postcss: { plugins: [rtlForRtlFiles()] },
    preprocessorOptions: {
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/api', '/connect', '/.well-known', '/interaction', '/swagger', '/health'].map((path) => [
        path,
        serverUrl,
      ]),
    ),
  },
  preview: { port: 4173 },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, manifest: true },
});
