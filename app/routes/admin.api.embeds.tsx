import { canInsertEmbeds } from '~/domain/access/access-rules'
import { lookUpEmbed, type EmbedLookup } from '~/domain/embeds/embed-lookup.server'
import { embedLookupSchema } from '~/domain/embeds/embeds-schema'
import { ACTION_CODES, type ActionResult } from '~/lib/action-result'
import { fieldErrorsOf } from '~/lib/field-errors'
import { describeFailure } from './+shared/action-results.server'
import { requireStaffApi } from './+shared/require-access.server'
import type { Route } from './+types/admin.api.embeds'

// The embed look-up behind the editor's paste and "Embed" dialog (issue 40):
//   POST url=…  → { ok: true, block, described } (a link card when the provider did not answer)
// Who may: whoever writes articles (the picture goes to the media library, as an upload would).

const HEADERS = { 'Cache-Control': 'private, no-store' }

function answer(body: ActionResult<Partial<EmbedLookup>>, status = 200, headers = {}) {
  return Response.json(body, { status, headers: { ...HEADERS, ...headers } })
}

const METHOD_NOT_ALLOWED = {
  ok: false,
  code: 'METHOD_NOT_ALLOWED',
  formError: 'Method not allowed',
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaffApi(request, canInsertEmbeds)
  if (request.method !== 'POST') return answer(METHOD_NOT_ALLOWED, 405)
  const parsed = embedLookupSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) {
    return answer(
      { ok: false, code: ACTION_CODES.invalidField, fieldErrors: fieldErrorsOf(parsed.error) },
      400,
    )
  }
  try {
    const found = await lookUpEmbed(parsed.data.url, user.id)
    return answer({ ok: true, ...found })
  } catch (error) {
    const { status, body, headers } = describeFailure(error, { context })
    return answer(body, status, headers)
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffApi(request, canInsertEmbeds)
  return answer(METHOD_NOT_ALLOWED, 405)
}
