import { fork, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { logger } from '~/infra/logger.server'
import { PdfError, type PdfContents, type PdfErrorCode } from './pdf-pages.server'

/**
 * pdf.js reads an uploaded PDF in a child process (docs/decisions/0036), never in the
 * server's: a crafted file can ask for minutes of CPU or gigabytes of memory, and the server
 * must keep answering readers meanwhile. The child is killed past a CPU-time, wall-clock or
 * memory limit (its V8 heap, and its whole resident size where the system tells it), and runs
 * at a lower CPU priority. One PDF at a time per server process.
 */

export interface PdfReadLimits {
  /**
   * CPU time the child may spend on one PDF (where the system tells it: Linux). What a crafted
   * file costs is work, whatever the load: a busy server (the child yields to it) must not
   * fail a good PDF for being slow to get the CPU.
   */
  cpuMs: number
  /** Wall-clock time for one PDF, start of the process included: the backstop. */
  timeoutMs: number
  /** The child's V8 heap (--max-old-space-size). */
  heapMb: number
  /** The child's resident memory (heap, buffers, canvas, sharp), checked every 50 ms. */
  maxRssBytes: number
}

export const DEFAULT_PDF_READ_LIMITS: PdfReadLimits = {
  cpuMs: 60_000,
  timeoutMs: 300_000,
  heapMb: 384,
  maxRssBytes: 768 * 1024 * 1024,
}

let limits = DEFAULT_PDF_READ_LIMITS

/** Tests: shorter limits (a crafted PDF is then stopped in seconds). */
export function setPdfReadLimits(next: Partial<PdfReadLimits> | undefined) {
  limits = { ...DEFAULT_PDF_READ_LIMITS, ...next }
}

export interface SandboxedRead {
  contents: PdfContents
  /** Wall-clock milliseconds, the child's start included. */
  ms: number
  /** The child's largest resident size seen, in bytes (0 where the system does not tell). */
  peakRssBytes: number
}

/** What the child answers (pdf-reader-child.server.ts). */
export type ChildAnswer =
  { ok: true; contents: PdfContents } | { ok: false; code: PdfErrorCode; message: string }

/** The last read's figures, refused or not (tests and docs/security.md record them). */
export const sandboxProbe: {
  last?: { ms: number; peakRssBytes: number; outcome: 'read' | PdfErrorCode }
} = {}

let queue: Promise<unknown> = Promise.resolve()

/** Reads a PDF in a child process, after the PDFs queued before it. */
export function readPdfInSandbox(data: Uint8Array): Promise<SandboxedRead> {
  const run = queue.then(() => readInChild(data, limits))
  queue = run.catch(() => {})
  return run
}

const seconds = (ms: number) => Math.round(ms / 1000)
const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024)

/**
 * The child is kept between PDFs for a while (loading pdf.js costs about a second of CPU), and
 * replaced after any PDF it was stopped for, after READS_PER_CHILD PDFs, or when idle.
 */
const IDLE_MS = 30_000
const READS_PER_CHILD = 20

interface Reader {
  child: ChildProcess
  reads: number
  idle?: NodeJS.Timeout
}

let reader: Reader | undefined

function startReader(heapMb: number): Reader {
  const { file, execArgv } = childEntry()
  const child = fork(file, [], {
    execArgv: [...execArgv, `--max-old-space-size=${heapMb}`],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  // Readers first: the child yields the CPU to the server when both want it.
  if (child.pid) {
    try {
      os.setPriority(child.pid, 10)
    } catch {
      // Not allowed on this system: the limits still hold.
    }
  }
  // An idle child never keeps the server from exiting.
  child.unref()
  child.channel?.unref()
  const started: Reader = { child, reads: 0 }
  child.once('exit', () => {
    if (reader === started) reader = undefined
  })
  return started
}

function retire(which: Reader) {
  clearTimeout(which.idle)
  if (reader === which) reader = undefined
  stop(which.child)
}

function readInChild(data: Uint8Array, { cpuMs, timeoutMs, heapMb, maxRssBytes }: PdfReadLimits) {
  const started = performance.now()
  const current = reader ?? (reader = startReader(heapMb))
  clearTimeout(current.idle)
  current.reads++
  const { child } = current
  child.ref()
  child.channel?.ref()
  const cpuBefore = processUsage(child.pid).cpuMs
  return new Promise<SandboxedRead>((resolve, reject) => {
    let peakRssBytes = 0
    let settled = false
    const finish = (
      outcome: () => void,
      name: 'read' | PdfErrorCode = 'read',
      keepChild = false,
    ) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      clearInterval(watch)
      child.off('message', onMessage)
      child.off('exit', onExit)
      if (keepChild && current.reads < READS_PER_CHILD) {
        child.unref()
        child.channel?.unref()
        current.idle = setTimeout(() => retire(current), IDLE_MS)
        current.idle.unref()
      } else retire(current)
      const ms = Math.round(performance.now() - started)
      sandboxProbe.last = { ms, peakRssBytes, outcome: name }
      outcome()
    }
    const refuse = (code: PdfErrorCode, message: string, keepChild = false) =>
      finish(() => reject(new PdfError(code, message)), code, keepChild)
    const tooMuchMemory = () =>
      refuse(
        'TOO_MUCH_MEMORY',
        `Reading this PDF needed more than ${megabytes(maxRssBytes)} MB of memory, so it was stopped. Export it again (for example with "Reduce file size") and upload the new copy.`,
      )
    const tooSlow = (limitMs: number) =>
      refuse(
        'TOO_SLOW',
        `Reading this PDF took longer than ${seconds(limitMs)} seconds, so it was stopped. Export it again (for example with "Reduce file size") and upload the new copy.`,
      )
    const timer = setTimeout(() => tooSlow(timeoutMs), timeoutMs)
    const watch = setInterval(() => {
      const usage = processUsage(child.pid)
      peakRssBytes = Math.max(peakRssBytes, usage.rssBytes)
      if (usage.rssBytes > maxRssBytes) tooMuchMemory()
      else if (usage.cpuMs - cpuBefore > cpuMs) tooSlow(cpuMs)
    }, 50)
    const onMessage = (answer: ChildAnswer) => {
      if (answer.ok) {
        const contents = answer.contents
        // Structured clone hands Buffers over as plain Uint8Arrays.
        if (contents.cover) contents.cover.data = Buffer.from(contents.cover.data)
        const ms = Math.round(performance.now() - started)
        finish(() => resolve({ contents, ms, peakRssBytes }), 'read', true)
      } else {
        // A refusal the reader made itself (a password, too many pages): it is still sound.
        refuse(answer.code, answer.message, true)
      }
    }
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      // V8 aborts a process whose heap is full (SIGABRT, or 134 through a shell).
      if (signal === 'SIGABRT' || code === 134) return tooMuchMemory()
      logger.warn({ code, signal }, 'the PDF reader stopped without an answer')
      refuse(
        'UNREADABLE',
        'The PDF could not be read. It may be damaged; export it again and upload the new copy.',
      )
    }
    child.on('message', onMessage)
    child.on('exit', onExit)
    child.send({ data }, (error) => {
      if (error) finish(() => reject(error))
    })
  })
}

function stop(child: ChildProcess) {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
}

/** Linux counts CPU time in ticks of 1/100 s (USER_HZ) and memory in pages of 4 KiB. */
const TICK_MS = 10
const PAGE_BYTES = 4096

/**
 * A process's resident size and CPU time so far, from /proc (Linux); zeros elsewhere, where
 * the heap and wall-clock limits remain.
 */
function processUsage(pid: number | undefined) {
  if (!pid) return { rssBytes: 0, cpuMs: 0 }
  try {
    // After the command name (in parentheses, which may hold spaces): state is field 3, utime
    // and stime fields 14 and 15, rss field 24.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'latin1')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return {
      cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
      rssBytes: Number(fields[21]) * PAGE_BYTES,
    }
  } catch {
    return { rssBytes: 0, cpuMs: 0 }
  }
}

/**
 * The child's module. Compiled, it is `pdf-reader.js` beside the server build's entries (an
 * entry of its own, vite.config.ts); from source (tsx, Vitest) it is the TypeScript file,
 * run through tsx's loader.
 */
function childEntry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url)
  if (/\.tsx?$/.test(here)) {
    // tsx's public entry (what `node --import tsx` loads), resolved here so the child finds
    // it whatever its working directory.
    const tsx = createRequire(import.meta.url).resolve('tsx')
    return {
      file: path.join(path.dirname(here), 'pdf-reader-child.server.ts'),
      execArgv: ['--import', pathToFileURL(tsx).href],
    }
  }
  for (const dir of [path.dirname(here), path.dirname(path.dirname(here))]) {
    const file = path.join(dir, 'pdf-reader.js')
    if (fs.existsSync(file)) return { file, execArgv: [] }
  }
  throw new Error(`pdf-reader.js is missing beside ${here}: rebuild the server`)
}
