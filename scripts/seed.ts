import { seedBenchmarkArticles, seedDemoContent } from '~/domain/seed/seed.server'
import { parseArgs, runWithDatabase } from './cli'

const { values } = parseArgs({ options: { articles: { type: 'string' } } })
const extra = values.articles ? Number(values.articles) : 0
if (!Number.isInteger(extra) || extra < 0) {
  process.stderr.write('Usage: npm run seed [-- --articles N]\n')
  process.exit(2)
}

await runWithDatabase('seed', async () => {
  const result = await seedDemoContent({ log: (msg) => process.stdout.write(`${msg}\n`) })
  process.stdout.write(
    result.seeded
      ? 'Demo content seeded.\n'
      : `Demo content not seeded: ${result.reason ?? 'database has content'}.\n`,
  )
  if (extra > 0) {
    await seedBenchmarkArticles(extra)
    process.stdout.write(`Added ${extra} articles.\n`)
  }
})
