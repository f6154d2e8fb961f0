import preact from '@preact/preset-vite';
import postcss, { type Plugin as PostcssPlugin } from 'postcss';
import rtlcss from 'rtlcss';
import { defaultClientConditions, defineConfig } from 'vite';

const serverUrl = 'http://localhost:3000';

/**
 * React's entry points served by Preact's compatibility layer (docs/decisions/006-preact-compat.md).
 * One exact-match list for the build, the dev server and the Vitest `web` project, so the tests
 * render with what ships; libraries that import `react` must be inlined by Vitest to see it.
 */
const reactOnPreact = Object.entries({
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom/test-utils': 'preact/test-utils',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
  // react-i18next's CommonJS shim would `require('react')`; compat has the hook itself.
  'use-sync-external-store/shim': 'preact/compat',
}).map(([name, replacement]) => ({
  find: new RegExp(`^${name}$`),
  replacement,
}));

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
  // The preset's own aliases are off: `reactOnPreact` is the one list, matched exactly.
  plugins: [preact({ reactAliasesEnabled: false })],
  // Setting conditions replaces Vite's defaults, so they are listed again: the build resolves
  // packages as a browser does, and so does the Vitest `web` project, which extends this file.
  resolve: { conditions: ['@vineta/source', ...defaultClientConditions], alias: reactOnPreact },
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
