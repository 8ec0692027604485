/**
 * Debian's nginx serving saved copies of pages, the reference a page served from the site's
 * memory is measured against. It runs as a child of the benchmark (`daemon off`, its own process
 * group) with its own configuration in a throw-away folder, on 127.0.0.1 only, with Debian's
 * default settings (worker_processes auto, 768 connections per worker, sendfile, tcp_nopush)
 * except that it logs no requests and compresses nothing on the fly.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { stopGroup, tempDir, trackGroup } from './server'

export interface SavedPage {
  /** The URL path it answers, the same as the site's. */
  path: string
  contentType: string
  body: Buffer
  /** The site's own gzip bytes of the page: served to clients that accept gzip (gzip_static). */
  gzipBody?: Buffer
  /** The site's own br bytes of the page: served to clients that accept br (brotli_static). */
  brBody?: Buffer
}

// Debian's module for precompressed .br files (apt-get install -y libnginx-mod-http-brotli-static).
export const BROTLI_STATIC_MODULE =
  process.env.NGINX_BROTLI_STATIC_MODULE ??
  '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'

export interface RunningNginx {
  /** The master process; its workers are its children. */
  pid: number
  base: string
  version: string
  workers: number
  child: ChildProcess
  output(): string
}

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx'

export function nginxVersion(): string | null {
  const result = spawnSync(NGINX, ['-v'], { encoding: 'utf8' })
  if (result.error || result.status !== 0) return null
  return /nginx\/([\d.]+)/.exec(result.stderr)?.[1] ?? 'unknown'
}

export async function startNginx(port: number, pages: SavedPage[]): Promise<RunningNginx> {
  const version = nginxVersion()
  if (!version) {
    throw new Error(`No nginx at ${NGINX}: apt-get install -y nginx (or set NGINX_PATH).`)
  }
  const base = `http://127.0.0.1:${port}`
  const answered = await fetch(base, { signal: AbortSignal.timeout(1000) }).then(
    () => true,
    () => false,
  )
  if (answered) throw new Error(`Something already answers on ${base}; set BENCH_NGINX_PORT.`)

  const prefix = tempDir('broadsheet-bench-nginx-')
  // Run as root, nginx's workers drop to `nobody`: they must be able to read the pages.
  fs.chmodSync(prefix, 0o755)
  const locations = pages.map((page, i) => {
    const file = path.join(prefix, `page-${i}`)
    fs.writeFileSync(file, page.body, { mode: 0o644 })
    if (page.gzipBody) fs.writeFileSync(`${file}.gz`, page.gzipBody, { mode: 0o644 })
    if (page.brBody) fs.writeFileSync(`${file}.br`, page.brBody, { mode: 0o644 })
    // try_files, not alias: `/` would otherwise go to the index module.
    return [
      `    location = ${page.path} {`,
      `      root ${prefix};`,
      `      try_files /page-${i} =404;`,
      `      default_type "${page.contentType}";`,
      '    }',
    ].join('\n')
  })
  const gzipStatic = pages.some((page) => page.gzipBody)
  const brotliStatic = pages.some((page) => page.brBody)
  if (brotliStatic && !fs.existsSync(BROTLI_STATIC_MODULE)) {
    throw new Error(
      `No ${BROTLI_STATIC_MODULE}: apt-get install -y libnginx-mod-http-brotli-static ` +
        '(or set NGINX_BROTLI_STATIC_MODULE).',
    )
  }
  const config = `
${brotliStatic ? `load_module ${BROTLI_STATIC_MODULE};` : ''}
daemon off;
worker_processes auto;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events {
  worker_connections 768;
}
http {
  sendfile on;
  tcp_nopush on;
  access_log off;
  gzip off;
  gzip_static ${gzipStatic ? 'on' : 'off'};
${brotliStatic ? '  brotli_static on;' : ''}
  types {}
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  server {
    listen 127.0.0.1:${port};
    server_name localhost;
${locations.join('\n')}
    location / {
      return 404;
    }
  }
}
`
  const configFile = path.join(prefix, 'nginx.conf')
  fs.writeFileSync(configFile, config)
  const child = trackGroup(
    spawn(NGINX, ['-p', prefix, '-c', configFile], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    }),
  )
  let log = ''
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000))
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const started = performance.now()
  while (performance.now() - started < 10_000) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`nginx exited (code ${child.exitCode}):\n${log}`)
    }
    const ok = await fetch(base + pages[0].path, { signal: AbortSignal.timeout(1000) }).then(
      (res) => res.status === 200,
      () => false,
    )
    if (ok) {
      return {
        pid: child.pid!,
        base,
        version,
        workers: childPids(child.pid!).length,
        child,
        output: () => log,
      }
    }
    await sleep(20)
  }
  await stopGroup(child)
  throw new Error(`nginx did not answer within 10 s:\n${log}`)
}

export async function stopNginx(nginx: RunningNginx) {
  await stopGroup(nginx.child)
}

/** The processes whose parent is `pid` (nginx's workers), from /proc. */
export function childPids(pid: number): number[] {
  const found: number[] = []
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === pid) found.push(Number(entry))
    } catch {
      // The process ended while we looked.
    }
  }
  return found
}
