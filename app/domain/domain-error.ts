/**
 * The domain's refusals are DomainErrors (app/lib/domain-error.ts). The class lives in lib so
 * that infrastructure which refuses on the domain's terms (storage away: 503 with a message the
 * form shows, storage-guard.server.ts) can throw one without importing the domain.
 */
export { DomainError, domainErrors } from '~/lib/domain-error'
