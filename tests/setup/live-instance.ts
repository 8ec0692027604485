/**
 * Another instance of the site for `*.pg.test.ts` (run with `node --import tsx`): a process of
 * its own on the same PostgreSQL database, which changes live coverage through the domain as
 * the live desk does and tells the other instances by NOTIFY as every instance does
 * (server/page-cache-sync.ts). Commands arrive one JSON object a line on stdin; each answer is
 * one JSON line on stdout once the change is committed (its NOTIFY follows at once).
 *
 *   {"op":"post","articleId":1,"authorId":"…","text":"…"}  → {"ok":true,"id":12}
 *   {"op":"end","articleId":1}                              → {"ok":true}
 */
import readline from 'node:readline'
import { postEntry, setCoverageState } from '../../app/domain/live/live.server'
import { installDatabase, openPostgres } from '../../app/infra/db.server'
import { syncPageCacheThroughPostgres } from '../../server/page-cache-sync'

const url = process.env.DATABASE_URL
if (!url) throw new Error('live-instance needs DATABASE_URL')

const handle = openPostgres(url, 2)
installDatabase(handle)
const sync = await syncPageCacheThroughPostgres(url)

type Command =
  | { op: 'post'; articleId: number; authorId: string; text: string }
  | { op: 'end'; articleId: number }

async function run(command: Command): Promise<Record<string, unknown>> {
  if (command.op === 'post') {
    const posted = await postEntry(
      command.articleId,
      { headline: '', content: `<p>${command.text}</p>`, isKeyEvent: false },
      { id: command.authorId },
      { publish: true },
    )
    return { id: posted.id }
  }
  await setCoverageState(command.articleId, 'ended')
  return {}
}

process.stdout.write(`${JSON.stringify({ ready: true })}\n`)
for await (const line of readline.createInterface({ input: process.stdin })) {
  if (!line.trim()) continue
  try {
    const answer = await run(JSON.parse(line) as Command)
    process.stdout.write(`${JSON.stringify({ ok: true, ...answer })}\n`)
  } catch (error) {
    process.stdout.write(`${JSON.stringify({ ok: false, message: String(error) })}\n`)
  }
}
await sync.stop()
await handle.close()
