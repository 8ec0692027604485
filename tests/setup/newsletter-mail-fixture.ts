import type { IssueMailModel } from '~/domain/newsletter/newsletter-mail.server'

/**
 * A fixed three-story digest (issue 36): sent at 07:00 in Paris on Thursday, November 26,
 * 2026. The mail's unit test renders it to the committed HTML that the layout's end-to-end
 * screenshots load.
 */
export const threeStoryDigest: IssueMailModel = {
  brand: 'Broadsheet',
  listName: 'Morning Briefing',
  kind: 'digest',
  cadence: 'daily',
  subject: 'Morning Briefing: Harbour reopens after the winter storm',
  preheader: 'Council votes on the new tram line · A bakery that never closes',
  intro: { html: '', text: '' },
  siteUrl: 'https://news.example.com/',
  webUrl: 'https://news.example.com/newsletters/morning-briefing/42',
  sentAt: new Date('2026-11-26T06:00:00Z'),
  timeZone: 'Europe/Paris',
  stories: [
    {
      title: 'Harbour reopens after the winter storm',
      excerpt:
        'Ferries run again from six this morning; the quay’s east wall will take until spring to rebuild.',
      url: 'https://news.example.com/article/harbour-reopens',
      category: 'Local',
      byline: 'Amira Haddad',
      image: {
        url: 'https://news.example.com/media/images/harbour.webp',
        width: 560,
        height: 315,
        alt: 'Harbour reopens after the winter storm',
      },
    },
    {
      title: 'Council votes on the new tram line',
      excerpt: 'Thirty-one votes to twelve: work on the northern branch starts in March.',
      url: 'https://news.example.com/article/tram-line-vote',
      category: 'Politics',
      byline: 'Jonas Weber',
      image: {
        url: 'https://news.example.com/media/images/tram.webp',
        width: 560,
        height: 315,
        alt: 'Council votes on the new tram line',
      },
    },
    {
      title: 'A bakery that never closes',
      excerpt: 'Three generations have kept the ovens of the Rue Haute warm through the night.',
      url: 'https://news.example.com/article/bakery-never-closes',
      category: 'Life',
      byline: 'Lucie Martin',
      image: null,
    },
  ],
}
