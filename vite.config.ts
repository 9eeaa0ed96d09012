import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { codeSplittingGroups } from './scripts/chunk-groups.mjs'
import { extractMessages } from './scripts/i18n.mjs'
import { cataloguePlugin } from './scripts/i18n-catalogue.mjs'
import { cataloguePartsPlugin } from './scripts/i18n-parts.mjs'

// BUILD_DIR lets parallel work build into a private folder (default dist/).
const buildDir = process.env.BUILD_DIR || 'dist'
const root = dirname(fileURLToPath(import.meta.url))
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    cataloguePlugin({ extract: extractMessages }),
    cataloguePartsPlugin({ extract: extractMessages }),
  ],
  build: {
    outDir: `${buildDir}/web`,
    emptyOutDir: true,
    // scripts/prerender.mjs reads it to preload each page's code.
    manifest: true,
    target: 'es2022',
    // Chrome 66+, Firefox 115+ and Safari 17+ preload modules themselves; in an older browser the
    // links only go unused and the code loads when it is imported. The polyfill cost 0.6-0.9 KiB
    // on every first visit.
    modulePreload: { polyfill: false },
    sourcemap: process.env.WHIRL_SOURCEMAP === '1',
    rolldownOptions: {
      output: {
        // Modules loaded together go into one file (scripts/chunk-groups.mjs).
        codeSplitting: { groups: codeSplittingGroups(root) },
        // Seven characters of hash (42 bits; the fewest the bundler allows for this many files) instead of eight: every page's code names the files it
        // may load (`/`'s and `/wheel`'s about 190 times), and those characters do not compress.
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  test: {
    // Both cores: vitest's own default here ran one file at a time (one worker on 2 cores).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/core/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.mjs',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          // Pure functions and scripts: one module graph per worker, not one process per file
          // (a file's own process cost more than its tests: decision 0060).
          isolate: false,
          // The property tests run thousands of cases: merge.test.ts's schema agreement takes 0.85 s
          // alone on a slow 2-core machine and took 5.3 s, past the 5 s default, while a build ran
          // beside the clean-clone CI (2026-12-06). A wrong answer fails on its own assertion.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['src/web/testing/setup.ts'],
          // Room for a findBy… that waits up to 10 s (setup.ts) to fail with its own message.
          testTimeout: 15_000,
          // Files share a worker and its loaded libraries; setup.ts resets the module registry before
          // each file, so each gets its own stores (they live at module level, and three tests of
          // subscription-panel.test.tsx failed when files shared them). A process per file took 98
          // CPU-seconds and 53 s alone, this 47-54 and 27-31 (decision 0067).
          isolate: false,
          // In CI a failed web test runs once more and, passing, is reported as flaky, as the browser
          // tests are. Known case: subscription-page.test.tsx's "Subscribe Now pressed before the
          // trial is read" failed once in three clean-clone runs (2026-12-06), likely a session
          // store of an earlier file in the same worker still hearing the tabs' channel; setup.ts
          // now closes those channels and empties the storage before each file (decision 0069).
          retry: process.env.CI ? 1 : 0,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          // One migrated PGlite for the run, which each test's fresh database loads (harness.ts).
          globalSetup: ['src/server/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two files at a time, in workers that keep the server's modules between files: every
          // test makes its own app on its own database (a fresh PGlite or a schema of its own), so
          // files share nothing but the loaded code. A process per file, two at a time, took
          // 354 s and 616 CPU-seconds alone on 2 cores; this, 191 s and 303 (decision 0060).
          isolate: false,
        },
      },
    ],
  },
})
