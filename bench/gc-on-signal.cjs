// Loaded into the live bench's server processes (NODE_OPTIONS=--expose-gc --require this file):
// on SIGUSR2, a full garbage collection, then the process's memory written as one JSON line to
// WHIRL_MEMORY_FILE.<pid>. The bench reads the memory an idle viewer keeps, not the garbage its
// connection left for a collection that has not come yet. Not part of the product.
const { writeFileSync } = require('node:fs')

process.on('SIGUSR2', () => {
  globalThis.gc?.()
  globalThis.gc?.()
  const { rss, heapUsed, heapTotal, external } = process.memoryUsage()
  writeFileSync(
    `${process.env.WHIRL_MEMORY_FILE}.${process.pid}`,
    JSON.stringify({ rss, heapUsed, heapTotal, external, at: Date.now() }),
  )
})
