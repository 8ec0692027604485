import crypto from 'node:crypto'
import path from 'node:path'
import { asc, eq } from 'drizzle-orm'
import { profiles } from '@db/schema/index'
import { attachImages, createImportJob, runImportJob } from '~/domain/import/import-jobs.server'
import {
  describeAccess,
  describePlanGroups,
  type AccessCounts,
} from '~/domain/import/import-access'
import type { ImportAnalysis } from '~/domain/import/import-job-data'
import { detectSource } from '~/domain/import/import-read.server'
import { importSiteExport, type ContentImportResult } from '~/domain/export/content-import.server'
import { createOrPromoteAdmin } from '~/domain/users/users.server'
import { getDb } from '~/infra/db.server'
import { getStorage } from '~/infra/storage.server'
import { parseArgs, runWithDatabase } from './cli'

// `npm run import -- FILE [--images ZIP] [--fetch-images] [--dry-run]`: the Import screen for operators. The
// same job as the screen's (analysis first, then the import, with its report on the row);
// run again after a kill or with a newer export, it updates instead of doubling.
// --fetch-images fetches the images the stories use (and the zip lacks) from the old site into
// the media library, as the screen's "Fetch images from the old site" does.
// FILE may also be a Broadsheet export (the zip /admin/export makes): it is loaded whole into
// an instance with no content yet (docs/export-format.md).
// A paper moving in starts with no data folder and no admin: the database is made (and
// migrated) on opening, and the import's admin, who authors its revisions, is the one named by
// --admin-email (created), or else the old site's first administrator or owner when the export
// says who that is (Ghost's roles; a WordPress export does not): checked before the file is read.

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    images: { type: 'string' },
    'dry-run': { type: 'boolean' },
    'fetch-images': { type: 'boolean' },
    pages: { type: 'string', default: 'articles' },
    'site-url': { type: 'string', default: '' },
    'admin-email': { type: 'string' },
    'admin-password': { type: 'string' },
  },
})

if (positionals.length !== 1 || (values.pages !== 'articles' && values.pages !== 'static')) {
  process.stderr.write(
    'Usage: npm run import -- FILE [--images ZIP] [--fetch-images] [--dry-run] [--pages articles|static] [--site-url URL]\n' +
      '                           [--admin-email EMAIL [--admin-password PASSWORD]]\n' +
      '  FILE: a WordPress export (WXR .xml), a Ghost export (.json) or a Broadsheet export (.zip)\n' +
      '  --fetch-images: fetch the images not in the zip from the old site into the media library\n' +
      '  --admin-email: on a site with no admin yet, the admin to create and import as\n',
  )
  process.exit(2)
}

/** "Behind a wall: …" and, when stories name plans, a line per group of them. */
function wallLines(access: AccessCounts) {
  return [
    `Behind a wall: ${describeAccess(access) || 'none'}`,
    ...describePlanGroups(access).map((line) => `  ${line}`),
  ]
}

function summary(a: ImportAnalysis) {
  const lines = [
    `Site: ${a.site.title || a.site.key} (${a.site.key})`,
    `Items: ${a.total} in the file, ${a.toImport} to import (${a.alreadyImported} imported before), ${a.scheduled} scheduled`,
    ...wallLines(a.access),
    `By type/status: ${Object.entries(a.byTypeAndStatus)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
    `Skipped: ${
      Object.entries(a.skipped)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ') || 'none'
    }`,
    `Authors ${a.authors.length}, categories ${a.categories.length}, tags ${a.tags.length}`,
    `Slug clashes: ${a.slugClashes.map((c) => c.slug).join(', ') || 'none'}`,
    `Shortcodes not understood: ${
      Object.entries(a.unknownShortcodes)
        .map(([k, n]) => `[${k}] ${n}`)
        .join(', ') || 'none'
    }`,
    `Images: ${a.images.found} in the zip, ${a.images.missing} not (remote address kept)`,
    `Password-protected (imported hidden): ${a.restricted.length}`,
    `Featured images refused (not an image address, left out): ${a.refusedImages?.length ?? 0}`,
  ]
  return `${lines.join('\n')}\n`
}

function exportSummary(r: ContentImportResult) {
  return `${r.articles} articles, ${r.pages} pages, ${r.categories} sections, ${r.tags} tags, ${r.authors} authors, ${r.editions} editions, ${r.files} files, ${r.redirects} redirects, ${r.subscribers} confirmed subscribers\n`
}

const NO_ADMIN =
  'No admin yet. Name the one to create with --admin-email you@example.com [--admin-password …], ' +
  'or create one first (npm run admin:create -- --email … --password …)'

async function firstAdmin() {
  const [admin] = await getDb()
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.role, 'admin'))
    .orderBy(asc(profiles.createdAt))
    .limit(1)
  return admin ?? null
}

/** Creates (or promotes) the import's admin; without --admin-password, says how to set one. */
async function makeAdmin(email: string, displayName?: string) {
  const given = values['admin-password']
  // Nobody knows this one: the admin sets a password of their own (below) before signing in.
  const password = given ?? crypto.randomBytes(24).toString('base64url')
  const made = await createOrPromoteAdmin(email, password, displayName)
  process.stdout.write(`${made.created ? 'Created' : 'Promoted'} admin ${made.email}.\n`)
  if (!given) {
    process.stdout.write(
      `  Set its password before signing in: npm run admin:create -- --email ${made.email} --password '…'\n` +
        '  (or "Forgot password" at /signin once the site sends mail).\n',
    )
  }
  return { id: made.id, role: 'admin' as const }
}

await runWithDatabase('import', async () => {
  const file = path.resolve(positionals[0])
  if (file.toLowerCase().endsWith('.zip')) {
    const dryRun = Boolean(values['dry-run'])
    const result = await importSiteExport(getDb(), getStorage(), file, { dryRun })
    process.stdout.write(`${dryRun ? 'The export holds' : 'Loaded'}: ${exportSummary(result)}`)
    return
  }
  const options = {
    pagesAs: values.pages as 'articles' | 'static',
    siteUrl: values['site-url'],
    fetchImages: Boolean(values['fetch-images']),
  }
  const dryRun = Boolean(values['dry-run'])
  // Before the file is read: on a new site, who imports (a dry run writes no article).
  let admin = dryRun ? null : await firstAdmin()
  if (!dryRun && !admin) {
    if (values['admin-email']) admin = await makeAdmin(values['admin-email'])
    else if ((await detectSource(file)) === 'wordpress') throw new Error(NO_ADMIN)
    else process.stdout.write('No admin yet: the Ghost export’s first administrator becomes one.\n')
  }
  let job = await createImportJob({ path: file, fileName: path.basename(file) }, options, null)
  if (values.images) job = await attachImages(job.id, { path: path.resolve(values.images) })
  process.stdout.write(summary(job.analysis as ImportAnalysis))
  if (dryRun) return
  if (!admin) {
    const analysis = job.analysis as ImportAnalysis
    const chosen = analysis.authors.find((a) => a.admin && a.email)
    if (!chosen) throw new Error(`The export names no administrator with an address. ${NO_ADMIN}`)
    // The imported author of that address is then this account (writeAuthors in import-authors.server.ts).
    admin = await makeAdmin(chosen.email, chosen.name)
  }
  let last = 0
  const report = await runImportJob(job.id, { id: admin.id, role: 'admin' }, (done, total) => {
    if (done - last >= 500 || done === total) {
      last = done
      process.stderr.write(`${done}/${total}\n`)
    }
  })
  const c = report.counts
  process.stdout.write(
    `Imported (job ${job.id}): ${c.created} created, ${c.updated} updated, ${c.unchanged} unchanged, ${c.skipped} skipped; ${report.remoteImages.length} images left at their remote address.\n`,
  )
  if (report.access) process.stdout.write(`${wallLines(report.access).join('\n')}\n`)
  if (report.fetchedImages) {
    const { fetched, failed } = report.fetchedImages
    process.stdout.write(
      `Images fetched from the old site: ${fetched}; ${failed.length} failed (kept at their old address)${failed.length ? ':' : '.'}\n`,
    )
    for (const f of failed) process.stdout.write(`  ${f.url}: ${f.reason}\n`)
  }
})
