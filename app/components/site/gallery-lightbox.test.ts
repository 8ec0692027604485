import { describe, expect, it } from 'vitest'
import { GALLERY_ISLAND } from '~/lib/body-islands'
import { GALLERY_ATTRIBUTE } from '~/lib/gallery'
import { GALLERY } from './gallery-lightbox'

describe('gallery lightbox', () => {
  it('answers the galleries the page loads it for', () => {
    expect(GALLERY).toBe(GALLERY_ISLAND)
    expect(GALLERY).toBe(`figure[${GALLERY_ATTRIBUTE}]`)
  })
})
