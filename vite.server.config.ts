import { defineConfig } from 'vite'

// Bundles the Fastify server (src/server/main.ts) into dist/server/main.js (BUILD_DIR/server when BUILD_DIR is set),
// and the build step that makes the PGlite template (src/server/db/build-pglite-template.ts) into
// dist/server/pglite-template.js, and the share preview pool's worker (src/server/shares/preview-worker.ts)
// into dist/server/preview-worker.js, which the pool finds beside main.js. Dependencies stay external
// and are loaded from node_modules at run time.
const buildDir = process.env.BUILD_DIR || 'dist'

export default defineConfig({
  build: {
    ssr: true,
    outDir: `${buildDir}/server`,
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rollupOptions: {
      input: {
        main: 'src/server/main.ts',
        'pglite-template': 'src/server/db/build-pglite-template.ts',
        'preview-worker': 'src/server/shares/preview-worker.ts',
      },
    },
  },
})
