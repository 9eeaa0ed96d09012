import path from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// Builds the pages that host the competitor packages for the spin benchmark.
export default defineConfig({
  root: path.dirname(new URL(import.meta.url).pathname),
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: path.resolve('.tmp/bench-harness'),
    emptyOutDir: true,
    rollupOptions: {
      input: {
        'spin-wheel': path.resolve('bench/harness/spin-wheel.html'),
        roulette: path.resolve('bench/harness/roulette.html'),
      },
    },
  },
})
