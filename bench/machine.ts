import fs from 'node:fs'
import os from 'node:os'

/** What a result depends on besides the code: printed with every run. */
export function describeMachine() {
  const cpus = os.cpus()
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
    loadAverage: loadAverage(),
    date: new Date().toISOString(),
  }
}

/** 1, 5 and 15 minute load averages as `uptime` prints them. */
export function loadAverage() {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')
}

/** Resident memory of a process in MiB (Linux /proc), or null where that is not readable. */
export function residentMemoryMiB(pid: number): { rss: number; peak: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
    const kib = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1])
    return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 }
  } catch {
    return null
  }
}

/** Starts a new peak (VmHWM) for the process; false where Linux does not let us. */
export function resetPeakMemory(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5')
    return true
  } catch {
    return false
  }
}

const CLOCK_TICKS_PER_SECOND = 100

/**
 * CPU time (user + system) a process has used so far, in ms, from /proc/<pid>/stat; null where
 * that is not readable. Unlike req/s, CPU per request hardly moves with the machine's load.
 */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ticks = Number(fields[11]) + Number(fields[12])
    return (ticks * 1000) / CLOCK_TICKS_PER_SECOND
  } catch {
    return null
  }
}

export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

export function markdownTable(header: string[], rows: (string | number)[][]) {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n')
}
