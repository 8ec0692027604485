import { createCookieSessionStorage, redirect } from 'react-router'
import { z } from 'zod'

export const toastSchema = z.object({
  id: z.string().default(() => crypto.randomUUID()),
  type: z.enum(['success', 'error', 'info', 'message']).default('message'),
  title: z.string(),
  description: z.string().optional(),
  // A link after the description ("Published — view the story"): a path on this site only,
  // so a flash cookie can never carry a reader off it.
  link: z.object({ href: z.string().regex(/^\/(?![/\\])/), label: z.string().min(1) }).optional(),
})
export type Toast = z.infer<typeof toastSchema>
export type ToastInput = z.input<typeof toastSchema>

const FLASH_KEY = 'toast'
const TOAST_COOKIE = 'broadsheet.toast'

/** Whether a `Cookie` header may carry a toast to show (and clear) with the next page. */
export function carriesToast(cookie: string | null | undefined): boolean {
  return cookie?.includes(TOAST_COOKIE) ?? false
}

/** A one-shot message carried across a redirect (the "flash" of the Epic Stack). */
const toastStorage = createCookieSessionStorage({
  cookie: {
    name: TOAST_COOKIE,
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure:
      process.env.NODE_ENV === 'production' && (process.env.SITE_URL ?? '').startsWith('https://'),
    secrets: [process.env.BETTER_AUTH_SECRET ?? 'broadsheet-toast-signing'],
  },
})

export async function createToastHeaders(toast: ToastInput): Promise<Headers> {
  const session = await toastStorage.getSession()
  session.flash(FLASH_KEY, toastSchema.parse(toast))
  return new Headers({ 'Set-Cookie': await toastStorage.commitSession(session) })
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers)
  const toastHeaders = await createToastHeaders(toast)
  for (const [key, value] of toastHeaders) headers.append(key, value)
  return redirect(url, { ...init, headers })
}

export async function getToast(
  request: Request,
): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const cookie = request.headers.get('cookie')
  if (!cookie || !carriesToast(cookie)) return { toast: null, headers: null }
  const session = await toastStorage.getSession(cookie)
  const parsed = toastSchema.safeParse(session.get(FLASH_KEY))
  const headers = new Headers({ 'Set-Cookie': await toastStorage.destroySession(session) })
  return { toast: parsed.success ? parsed.data : null, headers }
}
