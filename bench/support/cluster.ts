/**
 * Several instances of the production server on one PostgreSQL database and one S3-compatible
 * server (s3rver, from npm), behind a load balancer: Debian's nginx with the configuration
 * docs/deploy.md gives, or a small round-robin proxy in this process when there is no nginx.
 * Used by tests/multi-instance/ (CI) and bench/restart-under-load.ts. Everything runs on
 * 127.0.0.1; whatever is started here is stopped when the script ends (bench/support/server.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import S3rver from 's3rver'
import { NGINX, nginxVersion } from './nginx'
import { stopGroup, tempDir, trackGroup } from './server'

export const CLUSTER_ADMIN = {
  email: 'cluster-admin@example.com',
  password: 'cluster-admin-password',
}
export const CLUSTER_SECRET = 'cluster-secret-cluster-secret-cluster-0123'
const START_TIMEOUT_MS = 120_000

export interface RunningS3 {
  endpoint: string
  bucket: string
  env: Record<string, string>
  close(): Promise<void>
}

/** s3rver on a free port, one bucket, files in a throw-away folder. */
export async function startS3(bucket = 'broadsheet'): Promise<RunningS3> {
  const directory = tempDir('broadsheet-cluster-s3-')
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      S3_REGION: 'us-east-1',
    },
    close: () => server.close(),
  }
}

export interface InstanceOptions {
  name: string
  port: number
  /** The build to serve (BUILD_DIR, else `build`). */
  buildDir?: string
  /** The address readers use: the balancer's. */
  siteUrl: string
  databaseUrl: string
  s3: RunningS3
  seedDemo?: boolean
  /** The Node binary (default: this process's). */
  node?: string
  env?: Record<string, string>
}

export interface Instance {
  name: string
  port: number
  base: string
  options: InstanceOptions
  child: ChildProcess
  /** Everything the process wrote (its JSON log lines among it). */
  output(): string
  /** Spawn to the first 200 from /healthz, ms. */
  startMs: number
}

/** Spawns one instance; `ready` waits for /healthz to answer 200. */
export function spawnInstance(options: InstanceOptions): Instance {
  const buildDir = options.buildDir ?? process.env.BUILD_DIR ?? 'build'
  const main = path.resolve(buildDir, 'server/main.js')
  if (!fs.existsSync(main)) {
    throw new Error(`No build in ${buildDir}: run \`BUILD_DIR=${buildDir} npm run build\` first.`)
  }
  const base = `http://127.0.0.1:${options.port}`
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: tempDir(`broadsheet-cluster-${options.name}-`),
    SITE_URL: options.siteUrl,
    DATABASE_URL: options.databaseUrl,
    BETTER_AUTH_SECRET: CLUSTER_SECRET,
    ADMIN_EMAIL: CLUSTER_ADMIN.email,
    ADMIN_PASSWORD: CLUSTER_ADMIN.password,
    // Named, so the back office shows its pages at once (not the display-name step).
    ADMIN_NAME: 'admin',
    // The back office does not ask for the site's time zone either.
    SITE_TIME_ZONE: 'UTC',
    SEED_DEMO: String(options.seedDemo ?? false),
    // Behind the balancer: the reader's address is the last X-Forwarded-For entry.
    TRUST_PROXY: '1',
    LOG_LEVEL: 'info',
    CI: 'true',
    ...options.s3.env,
    ...options.env,
  }
  // Migrations are read from db/migrations under the working directory: the repository's.
  const child = trackGroup(
    spawn(options.node ?? process.execPath, [main], {
      env,
      cwd: path.resolve(import.meta.dirname, '../..'),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    }),
  )
  let log = ''
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-200_000))
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  return {
    name: options.name,
    port: options.port,
    base,
    options,
    child,
    output: () => log,
    startMs: NaN,
  }
}

export async function waitUntilServing(instance: Instance, started = performance.now()) {
  while (performance.now() - started < START_TIMEOUT_MS) {
    const { child } = instance
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${instance.name} exited during start-up (code ${child.exitCode}):\n${instance.output()}`,
      )
    }
    const ok = await fetch(`${instance.base}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
      (res) => res.status === 200,
      () => false,
    )
    if (ok) {
      instance.startMs = performance.now() - started
      return instance
    }
    await sleep(25)
  }
  throw new Error(`${instance.name} did not answer /healthz in time:\n${instance.output()}`)
}

export async function startInstance(options: InstanceOptions) {
  const started = performance.now()
  return waitUntilServing(spawnInstance(options), started)
}

/**
 * SIGTERM to the instance alone (not its group: what a process manager sends), then its exit;
 * SIGKILL after `timeoutMs`. Resolves with how it ended and how long it took.
 */
export async function terminate(instance: Instance, timeoutMs = 30_000) {
  const { child } = instance
  const started = performance.now()
  if (child.exitCode === null && child.signalCode === null) {
    const exited = once(child, 'exit')
    child.kill('SIGTERM')
    const done = await Promise.race([exited.then(() => true), sleep(timeoutMs).then(() => false)])
    if (!done) {
      await stopGroup(child)
      return { code: null, killed: true, ms: performance.now() - started }
    }
  }
  await stopGroup(child)
  return { code: child.exitCode, killed: false, ms: performance.now() - started }
}

/** The same instance again, on the same port with the same settings (a deploy's restart). */
export function restart(instance: Instance) {
  return startInstance(instance.options)
}

export interface Balancer {
  base: string
  kind: 'nginx' | 'node'
  /** Upstream failures met and sent on to the next instance (nginx: its error-log lines). */
  retries(): number
  close(): Promise<void>
}

/**
 * The nginx configuration of the reference deployment (docs/deploy.md shows the same): round
 * robin over the instances, a request that meets a closed port, a reset or a 502/503 goes to
 * the next instance (only idempotent ones: nginx never resends a POST that reached an upstream).
 */
export function nginxSiteConfig(ports: number[], listen: string) {
  return `upstream broadsheet {
  ${ports.map((port) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`).join('\n  ')}
  keepalive 32;
}
server {
  listen ${listen};
  client_max_body_size 210m;
  location / {
    proxy_pass http://broadsheet;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_next_upstream error timeout http_502 http_503;
    proxy_next_upstream_tries 3;
    proxy_connect_timeout 2s;
    proxy_read_timeout 30s;
  }
}`
}

/** Debian's nginx in front of `ports`, as a child of this process (daemon off). */
export async function startNginxBalancer(listenPort: number, ports: number[]): Promise<Balancer> {
  if (!nginxVersion()) throw new Error(`No nginx at ${NGINX}: apt-get install -y nginx`)
  const prefix = tempDir('broadsheet-cluster-nginx-')
  fs.chmodSync(prefix, 0o755)
  const config = `
daemon off;
worker_processes auto;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
${nginxSiteConfig(ports, `127.0.0.1:${listenPort}`)}
}
`
  const configFile = path.join(prefix, 'nginx.conf')
  fs.writeFileSync(configFile, config)
  const child = trackGroup(
    spawn(NGINX, ['-p', prefix, '-c', configFile], { stdio: 'ignore', detached: true }),
  )
  const base = `http://127.0.0.1:${listenPort}`
  const started = performance.now()
  while (performance.now() - started < 10_000) {
    if (child.exitCode !== null) {
      const errors = fs.existsSync(`${prefix}/error.log`)
        ? fs.readFileSync(`${prefix}/error.log`, 'utf8')
        : ''
      throw new Error(`nginx exited (code ${child.exitCode}):\n${errors}`)
    }
    const ok = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
      (res) => res.status === 200,
      () => false,
    )
    if (ok) {
      return {
        base,
        kind: 'nginx',
        // Each upstream failure nginx met (and sent the request on from) is one error-log line.
        retries: () => {
          const log = fs.existsSync(`${prefix}/error.log`)
            ? fs.readFileSync(`${prefix}/error.log`, 'utf8')
            : ''
          return log.split('\n').filter((line) => line.includes('upstream')).length
        },
        close: () => stopGroup(child),
      }
    }
    await sleep(25)
  }
  await stopGroup(child)
  throw new Error('nginx did not answer within 10 s')
}

const RETRYABLE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * The same policy as the nginx configuration above, in this process (node:http): round robin,
 * keep-alive connections to the instances, and a GET or HEAD that meets an error or a 502/503
 * tried on the next instance (at most once per instance).
 */
export async function startNodeBalancer(
  listenPort: number,
  ports: number[],
  { retry = true }: { retry?: boolean } = {},
): Promise<Balancer> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
  let next = 0
  let retried = 0
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const retryable = retry && RETRYABLE_METHODS.has(req.method ?? '')
      const first = next++ % ports.length
      const attempt = (tries: number) => {
        const port = ports[(first + tries) % ports.length]
        const forwarded = req.headers['x-forwarded-for']
        const upstream = http.request(
          {
            host: '127.0.0.1',
            port,
            method: req.method,
            path: req.url,
            agent,
            headers: {
              ...req.headers,
              'x-forwarded-for': forwarded ? `${forwarded}, 127.0.0.1` : '127.0.0.1',
              'x-forwarded-proto': 'http',
              connection: 'keep-alive',
            },
            timeout: 30_000,
          },
          (upstreamRes) => {
            const status = upstreamRes.statusCode ?? 502
            if (retryable && (status === 502 || status === 503) && tries + 1 < ports.length) {
              upstreamRes.resume()
              retried++
              attempt(tries + 1)
              return
            }
            const headers = { ...upstreamRes.headers }
            delete headers.connection
            delete headers['keep-alive']
            res.writeHead(status, headers)
            upstreamRes.pipe(res)
          },
        )
        upstream.on('error', () => {
          if (res.headersSent) {
            res.destroy()
            return
          }
          if (retryable && tries + 1 < ports.length) {
            retried++
            attempt(tries + 1)
            return
          }
          res.writeHead(502, { 'content-type': 'text/plain' })
          res.end('Bad gateway')
        })
        upstream.end(body)
      }
      attempt(0)
    })
  })
  server.keepAliveTimeout = 5000
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    base: `http://127.0.0.1:${port}`,
    kind: 'node',
    retries: () => retried,
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      agent.destroy()
    },
  }
}

/** nginx when it is installed (or `BALANCER=nginx`), else (or `BALANCER=node`) the in-process one. */
export function startBalancer(listenPort: number, ports: number[]) {
  const wanted = process.env.BALANCER
  if (wanted === 'node' || (wanted !== 'nginx' && !nginxVersion())) {
    // BALANCER_RETRY=false: what readers would see from a balancer that never retries.
    return startNodeBalancer(listenPort, ports, { retry: process.env.BALANCER_RETRY !== 'false' })
  }
  return startNginxBalancer(listenPort, ports)
}
