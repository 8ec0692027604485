import { PdfError, readPdf } from './pdf-pages.server'
import type { ChildAnswer } from './pdf-sandbox.server'

// The child process pdf-sandbox.server.ts reads PDFs in: it is sent one PDF's bytes at a
// time and answers with the contents or a refusal. Whatever a PDF asks for happens here, under
// the parent's time and memory limits, never in the server.

function answer(message: ChildAnswer) {
  process.send!(message)
}

// The server gone (stopped, or killed), nobody waits for the answer.
process.once('disconnect', () => process.exit(0))

process.on('message', ({ data }: { data: Uint8Array }) => {
  readPdf(data).then(
    (contents) => answer({ ok: true, contents }),
    (error: unknown) =>
      answer(
        error instanceof PdfError
          ? { ok: false, code: error.code, message: error.message }
          : {
              ok: false,
              code: 'UNREADABLE',
              message:
                'The PDF could not be read. It may be damaged; export it again and upload the new copy.',
            },
      ),
  )
})
