import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { ServerBuild } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { createApp, readiness } from './app'
import { createShutdown, drainableServer, lifecycle } from './lifecycle'

/** A promise and its resolver: the test decides when the slow route answers. */
function deferred<T = void>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

/**
 * The smallest React Router build with one resource route, /slow, whose loader answers only
 * when the test lets it: a request that is in flight for as long as the test needs.
 */
function slowBuild(started: () => void, release: Promise<void>): ServerBuild {
  const assetsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-drain-'))
  return {
    entry: { module: { default: () => new Response('no documents here', { status: 500 }) } },
    routes: {
      root: { id: 'root', path: '', module: {} },
      'routes/slow': {
        id: 'routes/slow',
        parentId: 'root',
        path: 'slow',
        module: {
          loader: async () => {
            started()
            await release
            return new Response('done', { headers: { 'content-type': 'text/plain' } })
          },
        },
      },
    },
    assets: {
      entry: { module: '/assets/entry.client.js', imports: [] },
      routes: {},
      url: '/assets/manifest-test.js',
      version: 'test',
    },
    basename: '/',
    publicPath: '/',
    assetsBuildDirectory: assetsDir,
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  } as unknown as ServerBuild
}

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

function get(url: string, agent: http.Agent | false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      })
      .on('error', reject)
  })
}

/** A server of the app with a build whose one route answers at once, listening, drainable. */
async function listeningServer() {
  const app = createApp({
    mode: 'production',
    getBuild: () => slowBuild(() => {}, Promise.resolve()),
  })
  const server = http.createServer(app)
  const { drain } = drainableServer(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, drain, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

afterEach(() => {
  lifecycle.draining = false
})

describe('draining on SIGTERM', () => {
  it('lets the request in flight finish, refuses new connections, and only then closes the rest', async () => {
    const inFlight = deferred()
    const release = deferred()
    const app = createApp({
      mode: 'production',
      getBuild: () => slowBuild(inFlight.resolve, release.promise),
    })
    const server = http.createServer(app)
    const { drain } = drainableServer(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    // A second listener on the same app, never drained: how /readyz answers while the first
    // drains (a load balancer asks on a connection of its own).
    const probe = app.listen(0, '127.0.0.1')
    await new Promise<void>((resolve) => probe.once('listening', resolve))
    const probeBase = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`

    const order: string[] = []
    const exited = deferred<number>()
    const shutdown = createShutdown({
      drain,
      drainTimeoutMs: 10_000,
      stopBackground: () => void order.push('background stopped'),
      flush: () => void order.push('views written'),
      closeDatabase: async () => void order.push('database closed'),
      exit: (code) => exited.resolve(code),
    })

    const keepAlive = new http.Agent({ keepAlive: true })
    try {
      expect((await get(`${probeBase}/readyz`, false)).status).toBe(200)
      // An idle keep-alive connection, and a slow request on another one.
      expect((await get(`${base}/healthz`, keepAlive)).status).toBe(200)
      const slow = get(`${base}/slow`, keepAlive)
      await inFlight.promise

      const stopping = shutdown('SIGTERM')
      expect(lifecycle.draining).toBe(true)
      expect(await readiness()).toBe('draining')
      const ready = await get(`${probeBase}/readyz`, false)
      expect(ready.status).toBe(503)
      expect(JSON.parse(ready.body).status).toBe('draining')
      await expect(get(`${base}/healthz`, false)).rejects.toMatchObject({ code: 'ECONNREFUSED' })
      // Nothing after the drain has run while a request is in flight.
      expect(order).toEqual([])

      release.resolve()
      const answer = await slow
      expect(answer.status).toBe(200)
      expect(answer.body).toBe('done')
      expect(answer.headers.connection).toBe('close')

      await stopping
      expect(order).toEqual(['background stopped', 'views written', 'database closed'])
      expect(await exited.promise).toBe(0)
      expect(server.listening).toBe(false)
    } finally {
      release.resolve()
      keepAlive.destroy()
      probe.close()
      server.close()
    }
  })

  it('at a SIGTERM, goes on taking new connections while it leaves the rotation, then drains', async () => {
    const { server, drain, base } = await listeningServer()
    const left = deferred()
    const asked = deferred()
    const exited = deferred<number>()
    const shutdown = createShutdown({
      drain,
      drainTimeoutMs: 10_000,
      // STOP_DELAY's wait, ended by the test once it has asked what it needs.
      leaveRotation: () => {
        asked.resolve()
        return left.promise
      },
      stopBackground: () => {},
      flush: () => {},
      closeDatabase: async () => {},
      exit: (code) => exited.resolve(code),
    })
    try {
      const stopping = shutdown('SIGTERM')
      await asked.promise
      // Unready for the balancer, yet a request on a new connection is still answered.
      expect((await get(`${base}/readyz`, false)).status).toBe(503)
      expect((await get(`${base}/healthz`, false)).status).toBe(200)
      left.resolve()
      await stopping
      expect(await exited.promise).toBe(0)
      await expect(get(`${base}/healthz`, false)).rejects.toMatchObject({ code: 'ECONNREFUSED' })
    } finally {
      left.resolve()
      server.close()
    }
  })

  it('answers a request that arrives on an idle keep-alive connection, closing the connection after it', async () => {
    const { server, drain, base } = await listeningServer()
    // One connection, kept alive between requests (as a balancer keeps its upstream ones).
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const first = await get(`${base}/healthz`, agent)
      expect(first.headers.connection).toBe('keep-alive')
      // A long grace: the connection stays open for as long as this test needs it.
      const drained = drain(10_000, 10_000)
      // Sent on the connection already open, after the drain began: answered, and told to close.
      const late = await get(`${base}/slow`, agent)
      expect(late.status).toBe(200)
      expect(late.body).toBe('done')
      expect(late.headers.connection).toBe('close')
      // With that connection closed nothing is left open, and the drain ends.
      expect(await drained).toMatchObject({ inFlight: 0, cut: 0 })
      expect(server.listening).toBe(false)
    } finally {
      agent.destroy()
      server.close()
    }
  })

  it('cuts what is still running at the drain timeout, and goes on with the shutdown', async () => {
    const inFlight = deferred()
    const never = new Promise<void>(() => {})
    const app = createApp({
      mode: 'production',
      getBuild: () => slowBuild(inFlight.resolve, never),
    })
    const server = http.createServer(app)
    const { drain } = drainableServer(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const slow = get(`${base}/slow`, false).catch((error: NodeJS.ErrnoException) => error.code)
    await inFlight.promise
    const result = await drain(200)
    expect(result).toMatchObject({ inFlight: 1, cut: 1 })
    expect(await slow).toBe('ECONNRESET')
    expect(server.listening).toBe(false)
  })
})
