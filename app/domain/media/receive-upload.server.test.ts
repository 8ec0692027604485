import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { receiveSingleFile, UploadError } from './receive-upload.server'

function multipart(name: string, body: Buffer) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(body)]), name)
  return new Request('http://localhost/upload', { method: 'POST', body: form })
}

describe('receiveSingleFile', () => {
  it('writes the file part byte for byte, even when it contains boundary-like bytes', async () => {
    const body = Buffer.concat([
      Buffer.from('%PDF-1.4\r\n--\r\n------WebKitFormBoundary\r\n'),
      Buffer.alloc(300_000, 7),
      Buffer.from('\r\n--'),
    ])
    const file = await receiveSingleFile(multipart('Édition été.pdf', body), 1_000_000)
    try {
      expect(file.fileName).toBe('Édition été.pdf')
      expect(file.size).toBe(body.length)
      expect(fs.readFileSync(file.path).equals(body)).toBe(true)
      expect(file.head.subarray(0, 5).toString()).toBe('%PDF-')
    } finally {
      await file.discard()
    }
    expect(fs.existsSync(file.path)).toBe(false)
  })

  it('stops at the limit and leaves no temporary file', async () => {
    const error = await receiveSingleFile(multipart('big.bin', Buffer.alloc(2048)), 1024).catch(
      (e) => e,
    )
    expect(error).toBeInstanceOf(UploadError)
    expect(error.code).toBe('TOO_LARGE')
  })

  it('refuses a body without a file', async () => {
    const form = new FormData()
    form.append('title', 'no file here')
    const request = new Request('http://localhost/upload', { method: 'POST', body: form })
    await expect(receiveSingleFile(request, 1024)).rejects.toMatchObject({ code: 'NO_FILE' })
    const plain = new Request('http://localhost/upload', { method: 'POST', body: 'x=1' })
    await expect(receiveSingleFile(plain, 1024)).rejects.toMatchObject({ code: 'BAD_REQUEST' })
  })
})
