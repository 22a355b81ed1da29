import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { islandFiles } from './build/island-files';
import { precompress } from './build/precompress';

const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), islandFiles(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/uploads': apiTarget,
      '/pay': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
  },
  ssr: {
    // Bundled into the server build rather than imported from node_modules when a page is rendered: our
    // contracts, and the libraries whose entry imports all they offer (every icon, every Radix primitive, every
    // date function), which the server would otherwise hold in memory whole for the few the pages use.
    noExternal: ['@carcare/contracts', 'lucide-react', 'radix-ui', /^@radix-ui\//, 'date-fns', 'react-day-picker'],
  },
});
