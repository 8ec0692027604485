import fs from 'node:fs'
import path from 'node:path'
import { listBackups, restoreBackup } from '~/domain/backup/backup.server'
import { parseArgs, runWithDatabase } from './cli'

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { list: { type: 'boolean' } },
})

if (!values.list && positionals.length !== 1) {
  process.stderr.write(
    'Usage: npm run restore -- FILE   (a backup name from the backups bucket, or a path to an archive)\n' +
      '       npm run restore -- --list\n',
  )
  process.exit(2)
}

await runWithDatabase('restore', async () => {
  if (values.list) {
    for (const b of await listBackups()) process.stdout.write(`${b.name}\t${b.size}\n`)
    return
  }
  const file = positionals[0]
  // A path on disk wins; otherwise the name of a stored backup.
  const source = fs.existsSync(file) ? { path: path.resolve(file) } : { name: path.basename(file) }
  const manifest = await restoreBackup(source)
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0)
  process.stdout.write(
    `Restored ${rows} rows in ${manifest.tables.length} tables and ` +
      `${Object.values(manifest.files).flat().length} files from the backup of ${manifest.createdAt}.\n`,
  )
})
