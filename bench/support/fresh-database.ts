import pg from 'pg'

/** A new, empty database on the server of `baseUrl` (dropped first if it exists). */
export async function freshDatabase(baseUrl: string, name: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`)
  const client = new pg.Client({ connectionString: baseUrl })
  await client.connect()
  try {
    await client.query(`drop database if exists ${name} with (force)`)
    await client.query(`create database ${name}`)
  } finally {
    await client.end()
  }
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return {
    url: url.href,
    async drop() {
      const admin = new pg.Client({ connectionString: baseUrl })
      await admin.connect()
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {})
      await admin.end()
    },
  }
}
