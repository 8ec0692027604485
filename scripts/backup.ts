import { createBackup } from '~/domain/backup/backup.server'
import { runWithDatabase } from './cli'

// `npm run backup`: the same archive as the admin's "Backup Database" button, in the backups
// bucket. It holds the data folder's lock, so it refuses while the server runs on PGlite.
await runWithDatabase('backup', async () => {
  const { fileName, size } = await createBackup()
  process.stdout.write(
    `Backup created: ${fileName} (${(size / 1024 / 1024).toFixed(2)} MB) in the backups bucket.\n`,
  )
})
