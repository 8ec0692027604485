import fsp from 'node:fs/promises'
import path from 'node:path'
import { and, desc, eq, inArray, ne } from 'drizzle-orm'
import { importJobs } from '@db/schema/index'
import { isRole, type Actor } from '~/domain/access/access-rules'
import { domainErrors } from '~/domain/domain-error'
import { getDb } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { enqueue, isInHand } from '~/infra/jobs/job-queue.server'
import { wakeJob, type DurableJobDefinition } from '~/infra/jobs/registry.server'
import { logger } from '~/infra/logger.server'
import { analyseImport } from './import-analysis.server'
import { detectSource } from './import-read.server'
import type { ImportAnalysis, ImportInput, ImportOptions, ImportReport } from './import-job-data'
import { runImport } from './import-run.server'

// Import jobs: an uploaded export is analysed (the dry run) and kept under DATA_DIR/imports
// until imported; "Import" queues its run on the job queue (the 'import-runs' job), one import
// at a time on the site, with its progress on the row. A run cut off by a kill -9 is taken up
// again by itself (the queue's lease) and import_map makes the second run finish the first's
// work, never double it. A job found "running" with nothing queued for it (a run of the CLI
// that was killed) can be started again by hand.

// A file refused by its reader (WxrError, GhostExportError, ImportFileError, ImageZipError) is
// already a DomainError (INVALID_FILE, 400) and reaches the screen as it is.
export class ImportError extends domainErrors('ImportError', {
  NOT_FOUND: 404,
  BUSY: 409,
  NOT_READY: 409,
}) {}

export type ImportJob = typeof importJobs.$inferSelect

function importsDir() {
  return path.join(getEnv().dataDir, 'imports')
}

/** The durable job that runs imports (server/jobs.ts). */
export const IMPORT_RUNS_JOB = 'import-runs'

const queueKey = (id: number) => `import:${id}`

/** This process's run in progress (the CLI's, or the queue's here), if any. */
let running: number | null = null

/** True while the job's run waits in the queue or runs, on any instance. */
export function importInHand(id: number): Promise<boolean> {
  return isInHand(IMPORT_RUNS_JOB, queueKey(id))
}

/** Another import waits or runs on the site: one at a time. */
async function otherImportInHand(id: number): Promise<boolean> {
  const rows = await getDb()
    .select({ id: importJobs.id })
    .from(importJobs)
    .where(and(inArray(importJobs.status, ['queued', 'running']), ne(importJobs.id, id)))
  for (const row of rows) if (await importInHand(row.id)) return true
  return false
}

function inputOf(job: ImportJob): ImportInput {
  if (!job.storedFile)
    throw new ImportError('NOT_READY', 'The export file of this import is gone; upload it again.')
  const options = job.options as ImportOptions
  return {
    source: job.source === 'ghost' ? 'ghost' : 'wordpress',
    filePath: path.join(importsDir(), job.storedFile),
    imagesPath: job.storedImages ? path.join(importsDir(), job.storedImages) : null,
    options: {
      pagesAs: options.pagesAs ?? 'articles',
      siteUrl: options.siteUrl ?? '',
      fetchImages: options.fetchImages === true,
    },
  }
}

/** Keeps an uploaded file (moved from its temporary place) under DATA_DIR/imports. */
async function keep(tempPath: string, suffix: string) {
  await fsp.mkdir(importsDir(), { recursive: true })
  const name = `${Date.now()}-${crypto.randomUUID().slice(0, 8)}${suffix}`
  try {
    await fsp.copyFile(tempPath, path.join(importsDir(), name))
  } catch (error) {
    // A copy cut short (a full disk) is no one's file.
    await fsp.rm(path.join(importsDir(), name), { force: true })
    throw error
  }
  return name
}

/**
 * A file under DATA_DIR/imports that no job names, left by an upload whose process ended
 * during its analysis (killed, or out of memory as a large Ghost export once made it), is
 * removed once it is older than any analysis runs: an upload being analysed now, here or on
 * another instance sharing the folder, is never taken.
 */
export const ORPHAN_AGE_MS = 6 * 60 * 60 * 1000

export async function sweepOrphanImports(now = Date.now()) {
  let names: string[]
  try {
    names = await fsp.readdir(importsDir())
  } catch {
    return [] // no imports yet
  }
  if (names.length === 0) return []
  const jobs = await getDb()
    .select({ file: importJobs.storedFile, images: importJobs.storedImages })
    .from(importJobs)
  const named = new Set(jobs.flatMap((j) => [j.file, j.images]).filter(Boolean))
  const removed: string[] = []
  for (const name of names) {
    if (named.has(name)) continue
    const file = path.join(importsDir(), name)
    const stat = await fsp.stat(file).catch(() => null)
    if (!stat?.isFile() || now - stat.mtimeMs < ORPHAN_AGE_MS) continue
    await fsp.rm(file, { force: true })
    removed.push(name)
  }
  if (removed.length) logger.info({ removed }, 'import: uploads no job names removed')
  return removed
}

/**
 * The dry run of an uploaded export: a job holding its analysis, nothing else written. An
 * upload that fails, whatever the reason, leaves no file behind.
 */
export async function createImportJob(
  file: { path: string; fileName: string },
  options: ImportOptions,
  actor: Actor | null,
): Promise<ImportJob> {
  const source = await detectSource(file.path)
  await sweepOrphanImports()
  const storedFile = await keep(file.path, source === 'ghost' ? '.json' : '.xml')
  const input: ImportInput = {
    source,
    filePath: path.join(importsDir(), storedFile),
    imagesPath: null,
    options,
  }
  try {
    const analysis = await analyseImport(input)
    const [job] = await getDb()
      .insert(importJobs)
      .values({
        source,
        siteKey: analysis.site.key,
        fileName: path.basename(file.fileName).slice(0, 200),
        storedFile,
        options,
        status: 'analysed',
        analysis,
        total: analysis.total,
        createdBy: actor?.id ?? null,
      })
      .returning()
    return job
  } catch (error) {
    await fsp.rm(input.filePath, { force: true })
    throw error
  }
}

export async function getImportJob(id: number): Promise<ImportJob> {
  const [job] = await getDb().select().from(importJobs).where(eq(importJobs.id, id))
  if (!job) throw new ImportError('NOT_FOUND', 'There is no such import.')
  return job
}

export async function listImportJobs(limit = 10) {
  return getDb().select().from(importJobs).orderBy(desc(importJobs.id)).limit(limit)
}

/** The zip of images that goes with an analysed export: the analysis is made again with it. */
export async function attachImages(id: number, file: { path: string }): Promise<ImportJob> {
  const job = await getImportJob(id)
  if (job.status !== 'analysed')
    throw new ImportError('NOT_READY', 'Images can be added only before the import starts.')
  const storedImages = await keep(file.path, '.zip')
  const input = { ...inputOf(job), imagesPath: path.join(importsDir(), storedImages) }
  let updated: ImportJob
  try {
    const analysis: ImportAnalysis = await analyseImport(input)
    ;[updated] = await getDb()
      .update(importJobs)
      .set({ storedImages, analysis, updatedAt: new Date() })
      .where(eq(importJobs.id, id))
      .returning()
  } catch (error) {
    await fsp.rm(input.imagesPath, { force: true })
    throw error
  }
  if (job.storedImages) await fsp.rm(path.join(importsDir(), job.storedImages), { force: true })
  return updated
}

/** Runs a job to its end in this process (the CLI awaits it; the screen does not). */
export async function runImportJob(
  id: number,
  actor: Actor,
  onProgress?: (processed: number, total: number) => void,
): Promise<ImportReport> {
  if (running !== null && running !== id) {
    throw new ImportError('BUSY', 'Another import is running. Wait for it to finish.')
  }
  const job = await getImportJob(id)
  const input = inputOf(job)
  running = id
  const db = getDb()
  try {
    await db
      .update(importJobs)
      .set({
        status: 'running',
        failure: null,
        imagesFetched: 0,
        imagesFailed: 0,
        updatedAt: new Date(),
      })
      .where(eq(importJobs.id, id))
    const report = await runImport(input, actor, {
      onProgress: async (processed, total) => {
        onProgress?.(processed, total)
        await db
          .update(importJobs)
          .set({ processed, total, updatedAt: new Date() })
          .where(eq(importJobs.id, id))
      },
      onImages: async (imagesFetched, imagesFailed) => {
        await db
          .update(importJobs)
          .set({ imagesFetched, imagesFailed, updatedAt: new Date() })
          .where(eq(importJobs.id, id))
      },
    })
    await db
      .update(importJobs)
      .set({ status: 'done', report, updatedAt: new Date() })
      .where(eq(importJobs.id, id))
    return report
  } catch (error) {
    logger.error({ err: error, job: id }, 'import failed')
    await db
      .update(importJobs)
      .set({
        status: 'failed',
        failure: error instanceof Error ? error.message : String(error),
        updatedAt: new Date(),
      })
      .where(eq(importJobs.id, id))
    throw error
  } finally {
    running = null
  }
}

/**
 * "Import": queues the job's run and returns at once; the screen polls its progress. Analysed,
 * failed, finished and interrupted jobs may start (again). `fetchImages` ("Fetch images from
 * the old site") is kept with the job's options, so a run taken up again does the same.
 */
export async function startImportJob(
  id: number,
  actor: Actor,
  choices: { fetchImages?: boolean } = {},
): Promise<void> {
  if (running !== null || (await otherImportInHand(id)))
    throw new ImportError('BUSY', 'Another import is running. Wait for it to finish.')
  const job = await getImportJob(id)
  inputOf(job)
  if (await importInHand(id)) throw new ImportError('BUSY', 'This import is running.')
  const options = { ...(job.options as ImportOptions), fetchImages: choices.fetchImages === true }
  await getDb().transaction(async (tx) => {
    await tx
      .update(importJobs)
      .set({
        status: 'queued',
        processed: 0,
        imagesFetched: 0,
        imagesFailed: 0,
        options,
        updatedAt: new Date(),
      })
      .where(eq(importJobs.id, id))
    await enqueue(
      tx,
      IMPORT_RUNS_JOB,
      { id, actorId: actor.id, actorRole: actor.role },
      { key: queueKey(id) },
    )
  })
  wakeJob(IMPORT_RUNS_JOB)
}

export const importRunsJob: DurableJobDefinition = {
  name: IMPORT_RUNS_JOB,
  title: 'Imports from WordPress and Ghost',
  trigger: { kind: 'queued', description: '“Import” on the Import screen, one at a time' },
  durable: true,
  singleInstance: false,
  timeLimitMs: 2 * 60 * 60_000,
  // A failed import is started again by hand, once its cause is mended; import_map makes the
  // second run finish the first's work, never double it.
  retry: { attempts: 0, backoffMs: 0 },
  logLevel: 'info',
  run: async ({ payload }) => {
    const role = isRole(payload.actorRole) ? payload.actorRole : 'admin'
    await runImportJob(Number(payload.id), { id: String(payload.actorId), role })
  },
}

/** Forgets an import that has not run: its files go, the row stays out of the list. */
export async function discardImportJob(id: number) {
  const job = await getImportJob(id)
  if (running === id || (await importInHand(id))) {
    throw new ImportError('BUSY', 'This import is running.')
  }
  for (const name of [job.storedFile, job.storedImages]) {
    if (name) await fsp.rm(path.join(importsDir(), name), { force: true })
  }
  await getDb().delete(importJobs).where(eq(importJobs.id, id))
}
