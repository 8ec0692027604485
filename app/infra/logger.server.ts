import pino from 'pino'
import { singleton } from './singleton.server'

function createLogger() {
  const level =
    process.env.LOG_LEVEL ??
    (process.env.NODE_ENV === 'test' || process.env.VITEST ? 'silent' : 'info')
  const pretty = process.env.NODE_ENV !== 'production' && !process.env.CI && process.stdout.isTTY
  return pino({
    level,
    base: undefined,
    redact: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'],
    ...(pretty ? { transport: { target: 'pino-pretty', options: { colorize: true } } } : {}),
  })
}

export const logger = singleton('logger', createLogger)
