// Prints the URL of a new, empty database on the PostgreSQL server of TEST_DATABASE_URL.
import pg from 'pg'

const base = process.env.TEST_DATABASE_URL
if (!base) {
  process.stderr.write('TEST_DATABASE_URL is not set\n')
  process.exit(2)
}
const name = process.argv[2] ?? 'broadsheet_e2e'
if (!/^[a-z_][a-z0-9_]*$/.test(name)) {
  process.stderr.write('database names are lower-case letters, digits and _\n')
  process.exit(2)
}
const client = new pg.Client({ connectionString: base })
await client.connect()
await client.query(`drop database if exists ${name} with (force)`)
await client.query(`create database ${name}`)
await client.end()
const url = new URL(base)
url.pathname = `/${name}`
process.stdout.write(`${url.href}\n`)
