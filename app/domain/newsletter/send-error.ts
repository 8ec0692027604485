import { domainErrors } from '~/domain/domain-error'

/** The refusals of a send, its preview, its test and its unsubscribe links. */
export class NewsletterSendError extends domainErrors('NewsletterSendError', {
  NOT_FOUND: 404,
  NOT_SENDABLE: 409,
  ALREADY_SENT: 409,
  INVALID: 400,
  INVALID_TOKEN: 400,
  SEND_FAILED: 502,
}) {}
