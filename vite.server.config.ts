import { defineConfig } from 'vite'

// Bundles the Fastify server (src/server/main.ts) into dist/server/main.js.
// Dependencies stay external and are loaded from node_modules at run time.
export default defineConfig({
  build: {
    ssr: 'src/server/main.ts',
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
  },
})
