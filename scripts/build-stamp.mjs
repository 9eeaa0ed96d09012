// Whether the build in BUILD_DIR (default dist) is the build of the files now on disk, for `npm start`
// (scripts/start.mjs): a digest of every build input's path and content is written beside the build
// after a successful build, and compared before the next start. Content, not modification times: a
// checkout or a `touch` that leaves the files as they were does not cost a 16 s rebuild, and a
// deleted file changes the digest as an edited one does.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** What the build reads: folders walked whole, and single files (missing ones are skipped). */
export const BUILD_INPUTS = [
  'src',
  'public',
  'drizzle',
  'scripts',
  'index.html',
  'vite.config.ts',
  'vite.server.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
]

/** The build's own outputs that must be there for a start: a half-deleted build is rebuilt. */
const OUTPUTS = [path.join('web', 'index.html'), path.join('server', 'main.js')]

export const STAMP_FILE = '.build-stamp'

function filesOf(root, entry, out) {
  const full = path.join(root, entry)
  if (!existsSync(full)) return out
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) filesOf(root, path.join(entry, name), out)
  } else out.push(entry)
  return out
}

/** A digest of every input file's path and bytes under `root`. */
export function inputsDigest(root, inputs = BUILD_INPUTS) {
  const hash = createHash('sha256')
  for (const entry of inputs) {
    for (const file of filesOf(root, entry, [])) {
      hash.update(file.split(path.sep).join('/'))
      hash.update('\0')
      hash.update(readFileSync(path.join(root, file)))
      hash.update('\0')
    }
  }
  return hash.digest('hex')
}

/**
 * Why the build must run, or null when the build in `buildDir` was made from exactly these inputs.
 * `digest` is the inputs' digest now (computed once by the caller, written after the build).
 */
export function rebuildReason(root, buildDir, digest) {
  const stamp = path.join(root, buildDir, STAMP_FILE)
  if (!existsSync(stamp)) return 'no build yet'
  if (OUTPUTS.some((file) => !existsSync(path.join(root, buildDir, file)))) return 'the build is incomplete'
  if (readFileSync(stamp, 'utf8').trim() !== digest) return 'files changed since the last build'
  return null
}

/** Marks the build in `buildDir` as made from the inputs of `digest`. */
export function writeStamp(root, buildDir, digest) {
  writeFileSync(path.join(root, buildDir, STAMP_FILE), `${digest}\n`)
}
