// Build step: makes dist/pglite-template/ (BUILD_DIR/pglite-template when BUILD_DIR is set), a PGlite data
// folder initialised and migrated once, which the server copies into an empty data folder at its first
// start instead of running initdb and the migrations there (src/server/db/pglite-template.ts). Kept
// across builds; remade only when the migrations or the installed PGlite change.
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const buildDir = path.resolve(process.env.BUILD_DIR || 'dist')
const started = performance.now()
const { buildPgliteTemplate } = await import(
  pathToFileURL(path.join(buildDir, 'server', 'pglite-template.js')).href
)
const { folder, made } = await buildPgliteTemplate(buildDir)
const where = path.relative(process.cwd(), folder)
console.log(
  made
    ? `PGlite template: ${where} made (${Math.round(performance.now() - started)} ms)`
    : `PGlite template: ${where} is up to date`,
)
