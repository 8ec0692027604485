import { actionError } from './action-results.server'

/**
 * The CSV file of an import form's post (its `file` field), refused before it is read when
 * none was chosen or it is larger than `maxBytes`: an error toast titled `title`, saying
 * `tooLarge` (with `code`, when the screen gives one).
 */
export function csvUpload(
  form: FormData,
  limits: { title: string; maxBytes: number; tooLarge: string; code?: string },
): { ok: true; file: File } | { ok: false; response: ReturnType<typeof actionError> } {
  const file = form.get('file')
  if (!(file instanceof File) || file.size === 0) {
    return { ok: false, response: actionError(400, limits.title, 'Choose a CSV file to import') }
  }
  if (file.size > limits.maxBytes) {
    return {
      ok: false,
      response: actionError(400, limits.title, limits.tooLarge, { code: limits.code }),
    }
  }
  return { ok: true, file }
}
