/** A run of words the two texts share, or that only one of them has. */
export interface DiffPart {
  type: 'same' | 'added' | 'removed'
  text: string
}

/** Beyond this many differing words the texts are shown as replaced whole: fast, still true. */
const MAX_EDIT_DISTANCE = 2000

function words(text: string) {
  return text.split(/\s+/).filter(Boolean)
}

function push(parts: DiffPart[], type: DiffPart['type'], word: string) {
  const last = parts.at(-1)
  if (last && last.type === type) last.text += ` ${word}`
  else parts.push({ type, text: word })
}

/**
 * What changed between two texts, word by word (Myers' shortest edit script). Whitespace is
 * not a change: words are compared after splitting on it.
 */
export function diffWords(before: string, after: string): DiffPart[] {
  const a = words(before)
  const b = words(after)
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1
  let endA = a.length
  let endB = b.length
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1
    endB -= 1
  }
  const parts: DiffPart[] = []
  for (const word of a.slice(0, start)) push(parts, 'same', word)
  for (const [type, word] of middle(a.slice(start, endA), b.slice(start, endB))) {
    push(parts, type, word)
  }
  for (const word of a.slice(endA)) push(parts, 'same', word)
  return parts
}

type Step = [DiffPart['type'], string]

/** Myers' algorithm on what differs between the common prefix and suffix. */
function middle(a: string[], b: string[]): Step[] {
  const n = a.length
  const m = b.length
  if (n === 0) return b.map((w) => ['added', w])
  if (m === 0) return a.map((w) => ['removed', w])
  const max = Math.min(n + m, MAX_EDIT_DISTANCE)
  const offset = max + 1
  const v = new Int32Array(2 * max + 3)
  // Each step keeps only the diagonals it can reach (k in -d-1..d+1): memory grows with the
  // square of the differences, not with the length of the texts.
  const trace: Int32Array[] = []
  for (let d = 0; d <= max; d += 1) {
    trace.push(v.slice(offset - d - 1, offset + d + 2))
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1])
      let x = down ? v[offset + k + 1] : v[offset + k - 1] + 1
      let y = x - k
      while (x < n && y < m && a[x] === b[y]) {
        x += 1
        y += 1
      }
      v[offset + k] = x
      if (x >= n && y >= m) return backtrack(trace, a, b, d)
    }
  }
  return [...a.map((w): Step => ['removed', w]), ...b.map((w): Step => ['added', w])]
}

function backtrack(trace: Int32Array[], a: string[], b: string[], depth: number): Step[] {
  const steps: Step[] = []
  let x = a.length
  let y = b.length
  for (let d = depth; d > 0; d -= 1) {
    const v = trace[d]
    const offset = d + 1
    const k = x - y
    const down = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1])
    const prevK = down ? k + 1 : k - 1
    const prevX = v[offset + prevK]
    const prevY = prevX - prevK
    while (x > prevX && y > prevY) {
      steps.push(['same', a[x - 1]])
      x -= 1
      y -= 1
    }
    if (down) steps.push(['added', b[y - 1]])
    else steps.push(['removed', a[x - 1]])
    x = prevX
    y = prevY
  }
  while (x > 0 && y > 0) {
    steps.push(['same', a[x - 1]])
    x -= 1
    y -= 1
  }
  return steps.reverse()
}
