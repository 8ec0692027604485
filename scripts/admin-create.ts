import { createOrPromoteAdmin } from '~/domain/users/users.server'
import { parseArgs, runWithDatabase } from './cli'

const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' } },
})

if (!values.email || !values.password) {
  process.stderr.write(
    'Usage: npm run admin:create -- --email you@example.com --password "at least 8 characters"\n',
  )
  process.exit(2)
}

await runWithDatabase('admin:create', async () => {
  const result = await createOrPromoteAdmin(values.email!, values.password!)
  process.stdout.write(`${result.created ? 'Created' : 'Promoted'} admin ${result.email}\n`)
})
