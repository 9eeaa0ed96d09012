// Writes .gz and .br copies of the built web assets; the server sends them to browsers that accept them.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const root = path.join(process.env.BUILD_DIR || 'dist', 'web')
const compressible = /\.(js|css|html|svg|json|txt|webmanifest)$/

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) {
      if (name !== '_pages') walk(file)
    } else if (compressible.test(name) && name !== 'index.html') {
      const data = readFileSync(file)
      if (data.length < 1024) continue
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }))
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      )
    }
  }
}
walk(root)
