import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { inputsDigest, rebuildReason, writeStamp } from './build-stamp.mjs'

describe('npm start builds only when a build input changed', () => {
  let root = ''
  const write = (file, text) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }
  /** What npm start does: the reason to build (null: skip), and after a build, the stamp. */
  const start = () => {
    const digest = inputsDigest(root)
    const reason = rebuildReason(root, 'dist', digest)
    if (reason) {
      write('dist/web/index.html', '<!doctype html>')
      write('dist/server/main.js', '')
      writeStamp(root, 'dist', digest)
    }
    return reason
  }

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'whirl-start-'))
    write('src/web/main.tsx', 'render()')
    write('public/icon.svg', '<svg/>')
    write('index.html', '<div id="root"></div>')
    write('package-lock.json', '{}')
  })
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it('builds the first time, then starts at once while nothing changed, even if files were touched', () => {
    expect(start()).toBe('no build yet')
    expect(start()).toBeNull()
    const later = new Date(Date.now() + 60_000)
    utimesSync(path.join(root, 'src/web/main.tsx'), later, later)
    expect(start()).toBeNull()
  })

  it('rebuilds after a source is edited, added or deleted, and after the lock file changes', () => {
    start()
    write('src/web/main.tsx', 'render(<App />)')
    expect(start()).toBe('files changed since the last build')
    expect(start()).toBeNull()
    write('src/web/new-page.tsx', 'export {}')
    expect(start()).toBe('files changed since the last build')
    rmSync(path.join(root, 'public/icon.svg'))
    expect(start()).toBe('files changed since the last build')
    write('package-lock.json', '{"lockfileVersion":3}')
    expect(start()).toBe('files changed since the last build')
    expect(start()).toBeNull()
  })

  it('rebuilds when part of the build is gone; files outside the inputs do not count', () => {
    start()
    rmSync(path.join(root, 'dist/server/main.js'))
    expect(start()).toBe('the build is incomplete')
    write('data/pglite/PG_VERSION', '17')
    write('README.md', '# Whirl')
    expect(start()).toBeNull()
  })
})
