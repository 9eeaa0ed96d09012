import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const script = path.resolve('scripts/check-structure.mjs')
const trees: string[] = []

/** Runs the structure check on a tree of files (path → text) in a temporary folder. */
function check(files: Record<string, string>) {
  const root = mkdtempSync(path.join(tmpdir(), 'structure-'))
  trees.push(root)
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }
  const run = spawnSync(process.execPath, [script, 'src'], { cwd: root, encoding: 'utf8' })
  return { status: run.status, errors: run.stderr }
}

afterEach(() => {
  for (const root of trees.splice(0)) rmSync(root, { recursive: true, force: true })
})

describe('the structure check', () => {
  it('passes a tree whose folders import one way', () => {
    const run = check({
      'src/server/app.ts': "import { login } from './auth/login'\nexport const app = login",
      'src/server/auth/login.ts': "import { db } from '../db/client'\nexport const login = db",
      'src/server/db/client.ts': 'export const db = 1',
    })
    expect(run.errors).toBe('')
    expect(run.status).toBe(0)
  })

  it('fails on two folders that import each other, though no file imports itself back', () => {
    const run = check({
      'src/server/auth/login.ts': "import { name } from '../profile/name'\nexport const login = name",
      'src/server/profile/name.ts': "export const name = 'x'",
      'src/server/profile/events.ts': "import { login } from '../auth/login'\nexport const events = login",
    })
    expect(run.status).toBe(1)
    expect(run.errors).toContain('folder cycle: src/server/auth ↔ src/server/profile')
    expect(run.errors).not.toContain('import cycle')
  })

  it('counts the top-level files of a folder as that folder, and finds cycles through three folders', () => {
    const run = check({
      'src/server/config.ts': "import { parse } from './http/parse'\nexport const config = parse",
      'src/server/http/parse.ts': "import { mail } from '../mail/mailer'\nexport const parse = mail",
      'src/server/mail/mailer.ts': "import { env } from '../env'\nexport const mail = env",
      'src/server/env.ts': 'export const env = 1',
    })
    expect(run.status).toBe(1)
    expect(run.errors).toContain('folder cycle: src/server ↔ src/server/http ↔ src/server/mail')
    expect(run.errors).not.toContain('import cycle')
  })

  it('leaves tests out of the folder rule: a test may import the test kit that builds the app', () => {
    const run = check({
      'src/server/app.ts': "import { login } from './auth/login'\nexport const app = login",
      'src/server/auth/login.ts': 'export const login = 1',
      'src/server/auth/login.test.ts': "import { kit } from '../testing/kit'\nexport const t = kit",
      'src/server/testing/kit.ts': "import { app } from '../app'\nexport const kit = app",
    })
    expect(run.errors).toBe('')
    expect(run.status).toBe(0)
  })

  it("lets only the browser data's owner set the wheel store's state or import its persistence", () => {
    const store = 'export const useWheelStore = { setState: (s: object) => s, getState: () => ({}) }\n'
    const owner = {
      'src/web/state/wheel-store.ts': `${store}useWheelStore.setState({ spinHistory: [] })`,
      'src/web/state/saved-wheels-state.ts': 'export const saved = { mode: 1 }',
      'src/web/state/browser-data.ts':
        "import { saved } from './saved-wheels-state'\nimport { useWheelStore } from './wheel-store'\nexport const take = () => useWheelStore.setState({ saved })",
      'src/web/features/sync/engine.test.ts':
        "import { saved } from '../../state/saved-wheels-state'\nimport { useWheelStore } from '../../state/wheel-store'\nuseWheelStore.setState({ saved })",
      'src/web/features/sync/engine.ts':
        "import { take } from '../../state/browser-data'\nimport { useWheelStore } from '../../state/wheel-store'\nexport const run = () => take() ?? useWheelStore.getState()",
    }
    expect(check(owner)).toEqual({ status: 0, errors: '' })

    const run = check({
      ...owner,
      'src/web/features/sync/engine.ts':
        "import { saved } from '../../state/saved-wheels-state'\nimport { useWheelStore } from '../../state/wheel-store'\nexport const run = () => useWheelStore.setState({ savedWheels: saved })",
    })
    expect(run.status).toBe(1)
    expect(run.errors).toContain(
      "src/web/features/sync/engine.ts sets the wheel store's state (useWheelStore.setState)",
    )
    expect(run.errors).toContain(
      "src/web/features/sync/engine.ts → src/web/state/saved-wheels-state.ts: the saved wheels' persistence is reached through browser-data.ts",
    )
  })

  it('asks a server folder that works on the Fastify app to expose a plugin', () => {
    const run = check({
      'src/server/rooms/routes.ts':
        "import type { FastifyInstance } from 'fastify'\nexport function registerRooms(app: FastifyInstance) {}",
    })
    expect(run.status).toBe(1)
    expect(run.errors).toContain('src/server/rooms works on the Fastify app but exposes no plugin')
  })

  it('passes a server module that exposes its plugin, and the helper folders without one', () => {
    const run = check({
      'src/server/rooms/routes.ts':
        "import type { FastifyInstance } from 'fastify'\nimport fp from 'fastify-plugin'\n" +
        "export const roomsPlugin = fp(\n  async (app: FastifyInstance) => {},\n  { name: 'whirl-rooms' },\n)",
      'src/server/jobs/runner.ts':
        "import type { FastifyInstance } from 'fastify'\nexport function registerPeriodicJob(app: FastifyInstance) {}",
    })
    expect(run.errors).toBe('')
    expect(run.status).toBe(0)
  })
})
