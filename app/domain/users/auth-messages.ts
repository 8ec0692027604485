/** The auth kit's confirmation texts (docs/product.md §8), shared by the pages and their tests. */
export const AUTH_TEXT = {
  signUpConfirmation: 'Check your email for the confirmation link',
  magicLinkSent: 'Check your email for the magic link',
  resetSent: 'Check your email for the password reset link',
  passwordUpdated: 'Your password has been updated',
} as const
