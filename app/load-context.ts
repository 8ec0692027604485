// What the Express server hands every loader and action.
declare module 'react-router' {
  interface AppLoadContext {
    /** The client's address: the socket peer, or X-Forwarded-For through TRUST_PROXY hops only. */
    clientIp: string | null
    requestId: string
    /**
     * On a document request (not a `.data` one): markup a loader drew that the page shows
     * but the browser need not receive twice, once in the page and again in the loader data
     * for hydration (see ServerHtml). Absent on data requests and in tests.
     */
    documentHtml?: Map<string, string>
  }
}

export {}
