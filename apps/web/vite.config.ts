import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.FANLINE_API_URL ?? 'http://localhost:3000';

export default defineConfig(({ command }) => {
  // A build is always the production build the server serves (finding R1): a NODE_ENV=development
  // left in the shell would otherwise bundle development React, 50 KB over the landing budget.
  // Vite reads NODE_ENV after loading this file.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [react(), tailwindcss()],
    build: {
      manifest: true,
      sourcemap: false,
      reportCompressedSize: true,
      chunkSizeWarningLimit: 400,
    },
    server: {
      port: 5173,
      proxy: { '/api': apiTarget, '/uploads': apiTarget },
    },
  };
});
