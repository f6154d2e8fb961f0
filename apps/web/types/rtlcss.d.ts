declare module 'rtlcss' {
  import type { Plugin } from 'postcss';

  /** The rtlcss PostCSS plugin (the package ships no types). */
  const rtlcss: (options?: Record<string, unknown>) => Plugin;
  // biome-ignore lint/style/noDefaultExport: types the CommonJS module's own default export
  export default rtlcss;
}
