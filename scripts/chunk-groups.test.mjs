import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CHUNK_GROUPS, codeSplittingGroups, groupTest } from './chunk-groups.mjs'

const root = path.resolve(import.meta.dirname, '..')

describe('the web build keeps modules loaded together in one file', () => {
  it('lists only files and packages that exist, so a renamed module cannot leave its group unnoticed', () => {
    const missing = CHUNK_GROUPS.flatMap((group) => [
      ...group.files.filter((file) => !existsSync(path.join(root, file))),
      ...group.packages.filter((p) => !existsSync(path.join(root, 'node_modules', p))),
    ])
    expect(missing).toEqual([])
  })

  it('puts no file in two groups', () => {
    const files = CHUNK_GROUPS.flatMap((group) => group.files)
    expect(new Set(files).size).toBe(files.length)
  })

  it("takes a group's own files and packages, and nothing else", () => {
    const session = CHUNK_GROUPS.find((group) => group.name === 'session')
    expect(session).toBeDefined()
    const test = groupTest(session, root)
    expect(test(path.join(root, 'src/web/i18n/i18n.ts'))).toBe(true)
    expect(test(path.join(root, 'node_modules/react/cjs/react.production.js'))).toBe(true)
    expect(test(path.join(root, 'node_modules/@lingui/core/dist/index.mjs'))).toBe(true)
    // react-dom is the shell's own chunk, not a file under react/.
    expect(test(path.join(root, 'node_modules/react-dom/cjs/react-dom-client.production.js'))).toBe(false)
    expect(test(path.join(root, 'src/web/i18n/i18n.test.ts'))).toBe(false)
    expect(test(path.join(root, 'src/web/state/wheel-store.ts'))).toBe(false)
    // Windows paths name the same files.
    expect(test(path.join(root, 'src/web/i18n/parts.ts').replaceAll('/', '\\'))).toBe(true)
  })

  it('gives the bundler one group per list, in order', () => {
    expect(codeSplittingGroups(root).map((g) => g.name)).toEqual(CHUNK_GROUPS.map((g) => g.name))
  })
})
