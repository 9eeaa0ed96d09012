// The code-splitting groups of the web build (vite.config.ts, docs/decisions/0010-layout.md and
// 0069-chunk-groups.md).
//
// Left to itself, the bundler puts each set of modules that the same pages share into a chunk of
// its own: a first visit to /wheel downloaded 23 files, some of 0.1 KiB. Every file costs a request,
// its own import and export lists, and compresses worse than its part of a larger one (gzip starts
// each file with an empty dictionary). These groups keep what is loaded together in one file.
//
// Only the listed modules are moved, not what they import: a dependency that also went into a group
// has broken the start-up order before (zod's chunk ran before a constant it reads), so check / and
// /wheel in a browser after changing a list (`npm run bench footprint`, e2e/shell.spec.ts).
// chunk-groups.test.mjs checks that every listed file exists, so a renamed module cannot silently
// leave its group.

/**
 * The groups: a name, and the files (from the repository's root), the package paths and the
 * bundler's own modules (`virtual`) that go into that chunk.
 */
export const CHUNK_GROUPS = [
  {
    // What every page loads with the shell: React, who is signed in, the plan checks, the API
    // client, the translations' runtime and the icons' shared code.
    name: 'session',
    files: [
      'src/web/api/client.ts',
      'src/web/api/session.ts',
      'src/web/state/session-store.ts',
      'src/web/state/auth-modal-store.ts',
      'src/web/state/use-plan.ts',
      'src/web/state/sync-keys.ts',
      'src/web/state/declined-data-removers.ts',
      'src/web/i18n/i18n.ts',
      'src/web/i18n/parts.ts',
      'src/core/plan/plan.ts',
      'src/core/plan/definition.ts',
      'src/core/account/profile-check.ts',
      'src/core/format/count.ts',
      'src/core/wheel/model.ts',
      'src/core/text/storable.ts',
      'src/core/text/direction.ts',
      'src/core/storage/keys.ts',
      'src/core/i18n/locales.ts',
      'src/core/i18n/message-id.ts',
    ],
    packages: [
      'react/',
      'zustand/esm/',
      '@lingui/core/',
      'lucide-react/dist/esm/shared/',
      'lucide-react/dist/esm/context.mjs',
      'lucide-react/dist/esm/Icon.mjs',
      'lucide-react/dist/esm/createLucideIcon.mjs',
    ],
    // Vite's helper that preloads a lazy chunk's imports, which every page's code calls.
    virtual: ['vite/preload-helper.js'],
  },
  {
    // The wheel's rules and its drawing: colours, palettes, the first checks, the stored state's
    // shape, the spin's geometry. The wheel page, the live screens, /saved and the shared wheels all
    // load them. Nothing here runs anything as it loads: the reader of a stored state
    // (state/stored-read.ts, loaded before the wheel store is created) imports from this chunk, and
    // must never set off the wheel store's own start.
    name: 'wheel-kit',
    files: [
      'src/core/wheel/look.ts',
      'src/core/wheel/picture.ts',
      'src/core/wheel/check-basics.ts',
      'src/core/storage/persisted-state.ts',
      'src/core/wheel/colors.ts',
      'src/core/wheel/neighbour-colors.ts',
      'src/core/wheel/themes.ts',
      'src/core/wheel/weights.ts',
      'src/core/wheel/spin.ts',
      'src/core/wheel/weighted-spin.ts',
      'src/core/wheel/labels.ts',
      'src/core/random/random.ts',
      'src/web/ui/wheel/draw-wheel.ts',
      'src/web/ui/wheel/wheel-pointer.tsx',
      'src/web/ui/wheel/ticker.ts',
      'src/web/ui/wheel/wheel-box.ts',
      'src/web/ui/wheel/celebration.ts',
      'src/web/ui/wheel/turn-then-show.ts',
      'src/web/ui/wheel/wheel-view.tsx',
      'src/web/ui/first-frame.ts',
    ],
    packages: [],
  },
  {
    // The wheel you edit: its store and what keeps it in the browser, and the import button beside
    // it. The wheel page and /saved load them. The turning wheel is in wheel-kit: the live pages
    // show it without the store (loading this chunk creates the store).
    name: 'wheel-store',
    files: [
      'src/core/wheel/plan-limit.ts',
      'src/core/wheel/list-edits.ts',
      'src/core/wheel/operations.ts',
      'src/core/wheel/auto-save.ts',
      'src/core/wheel/save-choice.ts',
      'src/web/state/list-undo.ts',
      'src/web/state/saved-wheels-changes.ts',
      'src/web/state/saved-wheels-state.ts',
      'src/web/state/saved-wheels-journal.ts',
      'src/web/state/saved-wheels-persistence.ts',
      'src/web/state/saved-wheels-start.ts',
      'src/web/state/browser-data.ts',
      'src/web/state/default-wheel-words.ts',
      'src/web/state/memo.ts',
      'src/web/state/wheel-local-storage.ts',
      'src/web/state/stored-state.ts',
      'src/web/state/wheel-edits.ts',
      'src/web/state/keep-unchanged.ts',
      'src/web/state/when-idle.ts',
      'src/web/state/wheel-store-written.ts',
      'src/web/state/wheel-store-writes.ts',
      'src/web/state/wheel-store.ts',
      'src/web/state/sync-state.ts',
      'src/web/ui/premium-badge.tsx',
      'src/web/features/saved-wheels/import-wheel-button.tsx',
    ],
    packages: ['lucide-react/dist/esm/icons/plus.mjs', 'lucide-react/dist/esm/icons/upload.mjs'],
  },
  {
    // The header's lazy parts, which every page loads just after its first paint.
    name: 'header-late',
    files: [
      'src/web/app/account-button.tsx',
      'src/web/app/sign-in-modal-host.tsx',
      'src/web/features/cloud-sync/use-cloud-sync.ts',
      'src/web/state/sync-status.ts',
    ],
    packages: ['lucide-react/dist/esm/icons/user-round.mjs'],
  },
  {
    // The controls the wheel page shares with most lazy pages, and the rich-text and number formats
    // that / and /wheel load with them (each was a file of its own: 0.6 KiB); the Spin button's
    // class and the chevron icon were two more files of 0.2 KiB each.
    name: 'controls',
    files: [
      'src/web/ui/alert.tsx',
      'src/web/ui/text-input.tsx',
      'src/web/ui/dialog.tsx',
      'src/web/ui/button.tsx',
      'src/web/ui/use-page-title.ts',
      'src/web/ui/wheel/spin-button-class.ts',
      'src/web/i18n/rich.tsx',
      'src/web/i18n/formats.ts',
    ],
    packages: ['pencil', 'crown', 'save', 'trash', 'download', 'chevron-down'].map(
      (icon) => `lucide-react/dist/esm/icons/${icon}.mjs`,
    ),
  },
]

const slashes = (id) => id.replaceAll('\\', '/')

/**
 * A group's test for the bundler: the module's id (an absolute path, query-free) is one of its
 * files, or lies under one of its packages in node_modules.
 */
export function groupTest(group, root) {
  const files = new Set(group.files.map((file) => `${slashes(root)}/${file}`))
  const virtual = new Set((group.virtual ?? []).map((name) => `\0${name}`))
  return (id) => {
    const path = slashes(id)
    if (files.has(path) || virtual.has(id)) return true
    const at = path.lastIndexOf('/node_modules/')
    if (at < 0) return false
    const inPackage = path.slice(at + '/node_modules/'.length)
    return group.packages.some((p) => inPackage.startsWith(p))
  }
}

/** The groups as the bundler's `codeSplitting.groups` option takes them. */
export const codeSplittingGroups = (root) =>
  CHUNK_GROUPS.map((group) => ({
    name: group.name,
    test: groupTest(group, root),
    includeDependenciesRecursively: false,
  }))
