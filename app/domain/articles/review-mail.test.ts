import { describe, expect, it } from 'vitest'
import { returnedToWriterMail, submittedForReviewMail } from './review-mail'

describe('review mails', () => {
  it('tell the editors which article waits, by whom, and where', async () => {
    const mail = await submittedForReviewMail({
      title: 'Tides & <storms>',
      writer: 'Carla',
      url: 'https://news.example/admin/edit-article/7',
      brand: 'Broadsheet',
    })
    expect(mail.subject).toBe('Waiting for review: “Tides & <storms>”')
    expect(mail.text).toBe(
      [
        'Carla submitted “Tides & <storms>” for review.',
        '',
        'Open it to publish it, schedule it, or return it to the writer with a note.',
        '',
        'Review the article:',
        'https://news.example/admin/edit-article/7',
        '',
        '— Broadsheet',
      ].join('\n'),
    )
    expect(mail.html).toContain('Tides &amp; &lt;storms&gt;')
    expect(mail.html).toContain('<a href="https://news.example/admin/edit-article/7"')
    expect(mail.html).not.toContain('<storms>')
  })

  it('give the writer the editor’s note, line breaks kept', async () => {
    const mail = await returnedToWriterMail({
      title: 'Tides',
      editor: 'Edna',
      note: 'Check the dates.\nAdd a source.',
      url: 'https://news.example/admin/edit-article/7',
      brand: 'Broadsheet',
    })
    expect(mail.subject).toBe('Returned with a note: “Tides”')
    expect(mail.text).toContain('Edna returned “Tides” to you as a draft, with this note:')
    expect(mail.text).toContain('Check the dates.\nAdd a source.')
    expect(mail.html).toContain('Check the dates.<br/>Add a source.')
  })
})
