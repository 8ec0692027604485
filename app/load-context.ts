// What the Express server hands every loader and action.
declare module 'react-router' {
  interface AppLoadContext {
    /** The client's address: the socket peer, or X-Forwarded-For through TRUST_PROXY hops only. */
    clientIp: string | null
    requestId: string
  }
}

export {}
