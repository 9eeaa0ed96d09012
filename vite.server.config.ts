import { defineConfig } from 'vite'

// Bundles the Fastify server (src/server/main.ts) into dist/server/main.js (BUILD_DIR/server when BUILD_DIR is set).
// Dependencies stay external and are loaded from node_modules at run time.
const buildDir = process.env.BUILD_DIR || 'dist'

export default defineConfig({
  build: {
    ssr: 'src/server/main.ts',
    outDir: `${buildDir}/server`,
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
  },
})
