import type { MediaKind, StoredMedia } from '~/domain/media/media-schema'
import type { ActionResult } from '~/lib/action-result'

export class UploadFailure extends Error {
  constructor(
    readonly title: string,
    message: string,
  ) {
    super(message)
  }
}

export const MEDIA_API = '/admin/api/media'

/**
 * Sends one file to the admin media endpoint with XMLHttpRequest: fetch() cannot report
 * upload progress. The body is a one-part multipart form the server reads as a stream.
 */
export function uploadFile(
  file: File,
  kind: MediaKind,
  onProgress: (fraction: number) => void,
): Promise<StoredMedia> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `${MEDIA_API}?kind=${kind}`)
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.responseType = 'text'
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    xhr.onerror = () =>
      reject(new UploadFailure('Upload failed', 'The connection was lost. Please try again.'))
    xhr.onload = () => {
      let body: ActionResult<{ item: StoredMedia }> = { ok: false }
      try {
        body = JSON.parse(xhr.responseText)
      } catch {}
      if (xhr.status >= 200 && xhr.status < 300 && body.item) resolve(body.item)
      else
        reject(
          new UploadFailure(
            body.toast?.title ?? 'Upload failed',
            body.toast?.description ??
              (xhr.status === 413
                ? 'The file is too large.'
                : `The server answered ${xhr.status}.`),
          ),
        )
    }
    const form = new FormData()
    form.append('file', file, file.name)
    xhr.send(form)
  })
}
