const KB = 1024
const MB = 1024 * KB

/**
 * A reader-facing file size: "1.25 MB", or "36 KB" below a megabyte (a small PDF edition
 * would otherwise read "0.00 MB").
 */
export function formatFileSize(bytes: number) {
  if (!Number.isFinite(bytes) || bytes < 0) return ''
  if (bytes >= MB) return `${(bytes / MB).toFixed(2)} MB`
  return `${Math.max(1, Math.ceil(bytes / KB))} KB`
}

/**
 * The spec's PDF list size: megabytes to two decimals, always ("0.03 MB" for a small edition),
 * where formatFileSize switches to kilobytes below a megabyte.
 */
export function formatMegabytes(bytes: number) {
  if (!Number.isFinite(bytes) || bytes < 0) return ''
  return `${(bytes / MB).toFixed(2)} MB`
}
