import type { MediaKind } from '~/domain/media/media-schema'

export interface UploadedFile {
  name: string
  url: string
  size: number
  kind: MediaKind
  width?: number
  height?: number
  originalName: string
}

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
): Promise<UploadedFile> {
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
      let body: { item?: UploadedFile; error?: string; message?: string } = {}
      try {
        body = JSON.parse(xhr.responseText)
      } catch {}
      if (xhr.status >= 200 && xhr.status < 300 && body.item) resolve(body.item)
      else
        reject(
          new UploadFailure(
            body.error && body.message ? body.error : 'Upload failed',
            body.message ??
              body.error ??
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
