import { buildApp } from './app'
import { ConfigError, loadConfig } from './config/config'
import { startEnvironment } from './config/start-environment'
import { consoleMode, peopleLogStream, startLine } from './console-line'

async function main(): Promise<void> {
  const argv = process.argv.slice(2)
  const mode = consoleMode(argv, process.env)
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig(startEnvironment(argv, process.env))
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Whirl cannot start. ${error.message}`)
      process.exit(1)
    }
    throw error
  }

  const app = await buildApp(
    config,
    mode === 'people' ? { logger: { stream: peopleLogStream((text) => process.stderr.write(text)) } } : {},
  )
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight')
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting')
      process.exit(1)
    }, config.shutdownTimeoutMs)
    timer.unref()
    try {
      await app.close()
      app.log.info('shutdown complete')
      process.exit(0)
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed')
      process.exit(1)
    }
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  process.once('SIGINT', () => void shutdown('SIGINT'))

  await app.listen({ host: config.host, port: config.port })
  if (mode === 'people') console.info(startLine(config))
  else app.log.info(`Whirl is running at ${config.publicUrl} (database: ${app.database.kind})`)
}

main().catch((error) => {
  console.error('Whirl failed to start:', error)
  process.exit(1)
})
