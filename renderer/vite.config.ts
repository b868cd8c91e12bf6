// Builds the player screens into dist/renderer (`vite build renderer`: this folder is the root)
// with relative paths, so the same files work over http:// from the host and file:// in Electron.

import { defineConfig } from 'vite';

export default defineConfig({
  base: './',
  logLevel: 'warn',
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'es2022',
    // Fonts and scripts stay files: the screen's CSP allows only its own origin.
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 2000,
    sourcemap: false,
  },
});
