import pino from 'pino'
import { currentRequestId } from './request-context.server'
import { singleton } from './singleton.server'

/** The process's logger; a test may hand its own level and destination. */
export function createLogger(
  options: { level?: string; destination?: pino.DestinationStream } = {},
) {
  const level =
    options.level ??
    process.env.LOG_LEVEL ??
    (process.env.NODE_ENV === 'test' || process.env.VITEST ? 'silent' : 'info')
  const pretty = process.env.NODE_ENV !== 'production' && !process.env.CI && process.stdout.isTTY
  const settings: pino.LoggerOptions = {
    level,
    base: undefined,
    redact: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'],
    // Every line written while a request is handled names it (request-context.server.ts), as
    // a per-request child logger would, without handing a logger down to every module.
    mixin() {
      const requestId = currentRequestId()
      return requestId ? { requestId } : {}
    },
  }
  if (options.destination) return pino(settings, options.destination)
  return pino({
    ...settings,
    ...(pretty ? { transport: { target: 'pino-pretty', options: { colorize: true } } } : {}),
  })
}

export const logger = singleton('logger', () => createLogger())
