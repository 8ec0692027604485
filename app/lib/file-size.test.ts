import { describe, expect, it } from 'vitest'
import { formatFileSize, formatMegabytes } from './file-size'

describe('formatFileSize', () => {
  it('shows megabytes to two decimals from 1 MB up', () => {
    expect(formatFileSize(1024 * 1024)).toBe('1.00 MB')
    expect(formatFileSize(1.25 * 1024 * 1024)).toBe('1.25 MB')
  })

  it('shows kilobytes below a megabyte, never 0', () => {
    expect(formatFileSize(2_048)).toBe('2 KB')
    expect(formatFileSize(2_049)).toBe('3 KB')
    expect(formatFileSize(13)).toBe('1 KB')
    expect(formatFileSize(0)).toBe('1 KB')
  })

  it('moves to megabytes exactly at 1 MB, so no size reads "0.00 MB" or "1024 KB" twice', () => {
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1024 KB')
    expect(formatFileSize(1024 * 1024)).toBe('1.00 MB')
    // A demo edition: the back office and the site both read this figure.
    expect(formatFileSize(2_100)).toBe('3 KB')
    expect(formatFileSize(200 * 1024 * 1024)).toBe('200.00 MB')
  })

  it('shows nothing for a size that is not a size', () => {
    expect(formatFileSize(Number.NaN)).toBe('')
    expect(formatFileSize(-1)).toBe('')
  })
})

describe('formatMegabytes', () => {
  it('shows megabytes to two decimals at every size, as the PDF list of the spec does', () => {
    expect(formatMegabytes(2_100)).toBe('0.00 MB')
    expect(formatMegabytes(36 * 1024)).toBe('0.04 MB')
    expect(formatMegabytes(1.25 * 1024 * 1024)).toBe('1.25 MB')
    expect(formatMegabytes(-1)).toBe('')
  })
})
