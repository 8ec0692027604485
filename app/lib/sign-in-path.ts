/** Pages of the sign-in flow itself: coming back to one after signing in makes no sense. */
const AUTH_PAGE =
  /^\/(signin|signup|forgot-password|reset-password|magic-link|two-factor|verify-otp)$/

/**
 * The sign-in page that brings the reader back to `from` (the router's location: the page
 * they were reading) once they are in: "/signin?redirectTo=%2Farticle%2Fx". Home, the sign-in
 * pages and anything but a path of this site need no return. Kept small and apart from the
 * server's safeRedirect (domain/users/redirect.ts), which checks the target again when the
 * sign-in completes: the header ships in every reader's JavaScript.
 */
export function signInPathFrom(from: string): string {
  if (!from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return '/signin'
  const path = from.split(/[?#]/, 1)[0]
  if (path === '/' || AUTH_PAGE.test(path)) return '/signin'
  return `/signin?redirectTo=${encodeURIComponent(from)}`
}
