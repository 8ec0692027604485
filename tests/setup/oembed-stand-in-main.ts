/**
 * The oEmbed stand-in (oembed-stand-in.ts) as a process of its own, for the end-to-end server
 * (playwright.config.ts starts it and points EMBED_OEMBED_ORIGIN at it):
 *
 *   STAND_IN_PORT=3106 node --import tsx tests/setup/oembed-stand-in-main.ts
 */
import { startOEmbedStandIn } from './oembed-stand-in'

const standIn = await startOEmbedStandIn(Number(process.env.STAND_IN_PORT))
process.stdout.write(`oEmbed stand-in on ${standIn.origin}\n`)
const stop = () => void standIn.close().then(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
