/**
 * One instance per process even when a module is loaded twice: the production server imports
 * infra from source for start-up work while the React Router build carries its own copy.
 */
export function singleton<T>(name: string, create: () => T): T {
  const store = globalThis as unknown as { __broadsheet?: Record<string, unknown> }
  store.__broadsheet ??= {}
  if (!(name in store.__broadsheet)) store.__broadsheet[name] = create()
  return store.__broadsheet[name] as T
}

export function setSingleton<T>(name: string, value: T) {
  const store = globalThis as unknown as { __broadsheet?: Record<string, unknown> }
  store.__broadsheet ??= {}
  store.__broadsheet[name] = value
}

export function getSingleton<T>(name: string): T | undefined {
  const store = globalThis as unknown as { __broadsheet?: Record<string, unknown> }
  return store.__broadsheet?.[name] as T | undefined
}
