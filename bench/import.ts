/**
 * Import benchmark (results: docs/performance.md, "Import").
 *
 *   npm run bench:import
 *   BENCH_IMPORT_POSTS=50000 BENCH_IMPORT_BIG_MB=500 npm run bench:import
 *   # the whole 500 MB file imported: 18 paragraphs and 8 comments a post, about 49,000 posts
 *   BENCH_IMPORT_POSTS=0 BENCH_IMPORT_BIG_RUN=import BENCH_IMPORT_PARAGRAPHS=18 \
 *     BENCH_IMPORT_COMMENTS=8 npm run bench:import
 *   # the audit's Ghost export: 12,000 posts of 10 KB (121 MB) imported whole
 *   BENCH_IMPORT_POSTS=0 BENCH_IMPORT_BIG_MB=0 BENCH_IMPORT_GHOST_POSTS=12000 npm run bench:import
 *
 * Each step runs in a child process with the server's heap bound (`--max-old-space-size=192`,
 * as `npm run serve`, where the Import screen runs it, and `npm run import`);
 * BENCH_IMPORT_HEAP_MIB=0 leaves Node's default, under which V8 lets garbage grow far longer.
 *
 * 1. Writes a WXR of BENCH_IMPORT_POSTS (2,000) posts (about 3 KB of body each, a caption, a
 *    gallery, tags and categories) and imports it into an embedded PGlite in a temp folder,
 *    as `npm run import` does: CPU ms per post (this process: the reader, the mapping, the
 *    sanitiser and PGlite, which runs in the process) and the peak resident memory.
 *    The folder is made by a process of its own first, as a paper's first start makes it:
 *    creating a database (PGlite's initdb and the migrations) peaks near 900 MiB by itself,
 *    which is the first start's, not the import's. That figure is reported on its own line.
 * 2. Writes a WXR of BENCH_IMPORT_BIG_MB (500) MB and runs the dry run over it (the whole file
 *    through the streaming reader and the body conversion, with the analysis's bookkeeping): the
 *    peak resident memory, which must stay at or under 400 MiB. It runs in a child process of its
 *    own so that step 1's peak does not count. BENCH_IMPORT_BIG_RUN=import imports it whole
 *    instead (every post must arrive); BENCH_IMPORT_POSTS=0 skips step 1;
 *    BENCH_IMPORT_PARAGRAPHS (12) and BENCH_IMPORT_COMMENTS (0) shape a post.
 * 3. With BENCH_IMPORT_GHOST_POSTS (0: skipped), writes a Ghost export of that many posts of
 *    about 10 KB (tests/setup/ghost-export.ts; 12,000 make the 121 MB file that once ended the
 *    server) and imports it whole: every post must arrive; its peak V8 heap is reported too.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describeMachine, loadAverage, markdownTable } from './machine'
import { wholeNumber } from './support/settings'
import { writeGhostExport } from '../tests/setup/ghost-export'
import { WXR_CLOSING, wxrOpening } from '../tests/setup/wxr'

const POSTS = wholeNumber('BENCH_IMPORT_POSTS', 2_000)
const BIG_MB = wholeNumber('BENCH_IMPORT_BIG_MB', 500)
const GHOST_POSTS = wholeNumber('BENCH_IMPORT_GHOST_POSTS', 0)
const MEMORY_GOAL_MIB = 400
// The big file's run: "analyse" (the dry run) or "import" (the whole file imported).
const BIG_RUN = process.env.BENCH_IMPORT_BIG_RUN ?? 'analyse'
if (BIG_RUN !== 'analyse' && BIG_RUN !== 'import')
  throw new Error('BENCH_IMPORT_BIG_RUN is "analyse" or "import"')
// A post's body paragraphs (about 220 bytes each) and reader comments (skipped by the import,
// read by the parser), which set how many posts a file of BIG_MB holds.
const PARAGRAPHS = wholeNumber('BENCH_IMPORT_PARAGRAPHS', 12)
const COMMENTS = wholeNumber('BENCH_IMPORT_COMMENTS', 0)
// The V8 heap bound of the child processes (the server's, 192 MiB); 0 for Node's default.
const HEAP_MIB = Number(process.env.BENCH_IMPORT_HEAP_MIB ?? 192)

const PARAGRAPH =
  'The council met on Tuesday to discuss the transit levy, the new library and the state of the harbour wall. ' +
  'Residents asked for answers on the bus timetable, and the mayor promised a report before the summer recess. '

function item(i: number) {
  const body =
    `[caption id="attachment_${i}" width="640"]<img src="https://old.example/wp-content/uploads/2019/03/photo-${i % 500}.jpg" alt="Photo ${i}" /> Caption ${i}[/caption]\n\n` +
    Array.from({ length: PARAGRAPHS }, () => PARAGRAPH).join('\n\n') +
    `\n\n[gallery ids="${i},${i + 1}"]\n\n<!-- wp:paragraph --><p>Block ${i}</p><!-- /wp:paragraph -->`
  return `<item>
<title>Story number ${i}</title>
<link>https://old.example/2019/03/story-${i}/</link>
<pubDate>Tue, 05 Mar 2019 10:00:00 +0000</pubDate>
<dc:creator><![CDATA[reporter${i % 5}]]></dc:creator>
<content:encoded><![CDATA[${body}]]></content:encoded>
<excerpt:encoded><![CDATA[]]></excerpt:encoded>
<wp:post_id>${i}</wp:post_id>
<wp:post_date_gmt>2019-03-05 10:00:00</wp:post_date_gmt>
<wp:post_name>story-${i}</wp:post_name>
<wp:status>${i % 10 === 0 ? 'draft' : 'publish'}</wp:status>
<wp:post_parent>0</wp:post_parent>
<wp:post_type>post</wp:post_type>
<wp:post_password></wp:post_password>
<category domain="category" nicename="section-${i % 8}"><![CDATA[Section ${i % 8}]]></category>
<category domain="post_tag" nicename="tag-${i % 40}"><![CDATA[Tag ${i % 40}]]></category>
${Array.from({ length: COMMENTS }, (_, c) => comment(i, c)).join('')}</item>
`
}

function comment(i: number, c: number) {
  return `<wp:comment>
<wp:comment_id>${i * 100 + c}</wp:comment_id>
<wp:comment_author><![CDATA[Reader ${c}]]></wp:comment_author>
<wp:comment_author_email><![CDATA[reader${c}@old.example]]></wp:comment_author_email>
<wp:comment_date_gmt><![CDATA[2019-03-06 08:00:00]]></wp:comment_date_gmt>
<wp:comment_content><![CDATA[${PARAGRAPH}]]></wp:comment_content>
<wp:comment_approved><![CDATA[1]]></wp:comment_approved>
<wp:commentmeta><wp:meta_key><![CDATA[rating]]></wp:meta_key><wp:meta_value><![CDATA[${c % 5}]]></wp:meta_value></wp:commentmeta>
</wp:comment>
`
}

function header() {
  let out = wxrOpening('Bench Gazette')
  for (let a = 0; a < 5; a++) {
    out += `<wp:author><wp:author_login>reporter${a}</wp:author_login><wp:author_email>reporter${a}@old.example</wp:author_email><wp:author_display_name><![CDATA[Reporter ${a}]]></wp:author_display_name></wp:author>\n`
  }
  for (let c = 0; c < 8; c++) {
    out += `<wp:category><wp:term_id>${c + 1}</wp:term_id><wp:category_nicename>section-${c}</wp:category_nicename><wp:category_parent>${c > 3 ? `section-${c - 4}` : ''}</wp:category_parent><wp:cat_name><![CDATA[Section ${c}]]></wp:cat_name></wp:category>\n`
  }
  for (let t = 0; t < 40; t++) {
    out += `<wp:tag><wp:term_id>${100 + t}</wp:term_id><wp:tag_slug>tag-${t}</wp:tag_slug><wp:tag_name><![CDATA[Tag ${t}]]></wp:tag_name></wp:tag>\n`
  }
  return out
}

/** Writes a WXR of `posts` items, or of about `megabytes` MB when given. */
function writeWxr(file: string, posts: number, megabytes = 0) {
  const fd = fs.openSync(file, 'w')
  fs.writeSync(fd, header())
  let written = 0
  let i = 1
  for (; megabytes ? written < megabytes * 1024 * 1024 : i <= posts; i++) {
    written += fs.writeSync(fd, item(i))
  }
  fs.writeSync(fd, WXR_CLOSING)
  fs.closeSync(fd)
  return i - 1
}

type ChildMode = 'prepare' | 'import' | 'analyse' | 'ghost'

async function child(mode: ChildMode, file: string, dataDir: string) {
  process.env.DATA_DIR = dataDir
  const { openConfiguredDatabase } = await import('../server/startup')
  if (mode === 'prepare') {
    const cpu = process.cpuUsage()
    const started = performance.now()
    const made = await openConfiguredDatabase('bench-import')
    await made.close()
    const used = process.cpuUsage(cpu)
    process.stdout.write(
      `${JSON.stringify({ items: 0, cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - started, peakRssMiB: process.resourceUsage().maxRSS / 1024, openedRssMiB: 0 })}\n`,
    )
    return
  }
  const { getDb } = await import('~/infra/db.server')
  const { profiles } = await import('@db/schema/index')
  const { analyseImport } = await import('~/domain/import/import-analysis.server')
  const { runImport } = await import('~/domain/import/import-run.server')
  const opened = await openConfiguredDatabase('bench-import')
  // The process with the paper's database open, before the import: the import's own share is
  // the peak above this.
  const openedRssMiB = process.resourceUsage().maxRSS / 1024
  let peakHeap = 0
  const sampler = setInterval(() => {
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)
  }, 50)
  const input = {
    source: mode === 'ghost' ? ('ghost' as const) : ('wordpress' as const),
    filePath: file,
    imagesPath: null,
    options: { pagesAs: 'articles' as const },
  }
  const cpu = process.cpuUsage()
  const started = performance.now()
  let items = 0
  if (mode === 'import' || mode === 'ghost') {
    const id = crypto.randomUUID()
    await getDb()
      .insert(profiles)
      .values({ id, email: 'bench@example.com', name: 'bench', role: 'admin' })
    const report = await runImport(input, { id, role: 'admin' })
    items = report.counts.created + report.counts.updated + report.counts.unchanged
  } else {
    items = (await analyseImport(input)).total
  }
  const used = process.cpuUsage(cpu)
  clearInterval(sampler)
  const result = {
    items,
    cpuMs: (used.user + used.system) / 1000,
    wallMs: performance.now() - started,
    peakRssMiB: process.resourceUsage().maxRSS / 1024,
    openedRssMiB,
    peakHeapMiB: peakHeap / 2 ** 20,
  }
  await opened.close()
  process.stdout.write(`${JSON.stringify(result)}\n`)
}

interface ChildResult {
  items: number
  cpuMs: number
  wallMs: number
  peakRssMiB: number
  openedRssMiB: number
  peakHeapMiB: number
}

function childProcess(mode: ChildMode, file: string, dataDir: string): ChildResult {
  const out = execFileSync(
    process.execPath,
    [
      // The server's heap bound and allocator setting (npm run serve), where the Import screen
      // runs the import; `npm run import` takes the same.
      ...(HEAP_MIB > 0 ? [`--max-old-space-size=${HEAP_MIB}`] : []),
      '--import',
      'tsx',
      path.resolve('bench/import.ts'),
      `--child=${mode}`,
      file,
      dataDir,
    ],
    {
      encoding: 'utf8',
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        MALLOC_ARENA_MAX: '2',
        MALLOC_MMAP_THRESHOLD_: '131072',
      },
      maxBuffer: 64 * 1024 * 1024,
    },
  )
  return JSON.parse(out.trim().split('\n').at(-1)!) as ChildResult
}

/** The paper's folder made first (its first start), then the run in a process of its own. */
function runChild(mode: 'import' | 'analyse' | 'ghost', file: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-import-${mode}-`))
  try {
    const made = childProcess('prepare', file, dataDir)
    return { ...childProcess(mode, file, dataDir), made }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

const childMode = process.argv.find((a) => a.startsWith('--child='))?.slice('--child='.length)
if (
  childMode === 'prepare' ||
  childMode === 'import' ||
  childMode === 'analyse' ||
  childMode === 'ghost'
) {
  await child(childMode, process.argv[3], process.argv[4])
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-files-'))
  try {
    const load = [loadAverage()]
    const small = path.join(dir, 'posts.xml')
    const imported = POSTS > 0 ? (writeWxr(small, POSTS), runChild('import', small)) : null
    load.push(loadAverage())
    const big = path.join(dir, 'big.xml')
    const bigItems = BIG_MB > 0 ? writeWxr(big, 0, BIG_MB) : 0
    const bigSize = BIG_MB > 0 ? fs.statSync(big).size / 1024 / 1024 : 0
    const bigRun = BIG_MB > 0 ? runChild(BIG_RUN, big) : null
    load.push(loadAverage())
    const ghost = path.join(dir, 'ghost.json')
    if (GHOST_POSTS > 0) await writeGhostExport(ghost, { posts: GHOST_POSTS, bodyBytes: 10_000 })
    const ghostRun = GHOST_POSTS > 0 ? runChild('ghost', ghost) : null
    if (ghostRun) load.push(loadAverage())
    process.stdout.write(`${JSON.stringify(describeMachine())}\n\n`)
    const made = imported?.made ?? bigRun?.made ?? ghostRun?.made
    const rows: (string | number)[][] = made
      ? [
          [
            'a new paper’s database made (first start: initdb, migrations)',
            '–',
            (made.wallMs / 1000).toFixed(0),
            made.peakRssMiB.toFixed(0),
            '–',
          ],
        ]
      : []
    if (imported) {
      rows.push([
        `import ${POSTS} posts (${(fs.statSync(small).size / 1024 / 1024).toFixed(1)} MB WXR)`,
        (imported.cpuMs / POSTS).toFixed(1),
        (imported.wallMs / 1000).toFixed(0),
        imported.peakRssMiB.toFixed(0),
        imported.openedRssMiB.toFixed(0),
      ])
    }
    if (bigRun) {
      rows.push([
        `${BIG_RUN === 'import' ? 'import' : 'dry run'} of a ${bigSize.toFixed(0)} MB WXR (${bigItems} posts${COMMENTS ? `, ${COMMENTS} comments each` : ''})`,
        (bigRun.cpuMs / bigItems).toFixed(BIG_RUN === 'import' ? 1 : 2),
        (bigRun.wallMs / 1000).toFixed(0),
        bigRun.peakRssMiB.toFixed(0),
        bigRun.openedRssMiB.toFixed(0),
      ])
    }
    if (ghostRun) {
      rows.push([
        `import ${GHOST_POSTS} posts (${(fs.statSync(ghost).size / 1024 / 1024).toFixed(0)} MB Ghost JSON; V8 heap peak ${ghostRun.peakHeapMiB.toFixed(0)} MiB)`,
        (ghostRun.cpuMs / GHOST_POSTS).toFixed(1),
        (ghostRun.wallMs / 1000).toFixed(0),
        ghostRun.peakRssMiB.toFixed(0),
        ghostRun.openedRssMiB.toFixed(0),
      ])
    }
    process.stdout.write(
      markdownTable(
        ['run', 'CPU ms per post', 'wall s', 'peak RSS MiB', 'of which before the import'],
        rows,
      ),
    )
    process.stdout.write(`\nload average during the runs: ${load.join(' → ')}\n`)
    process.stdout.write(
      `V8 heap bound of each run: ${HEAP_MIB > 0 ? `${HEAP_MIB} MiB` : 'Node’s default'}\n`,
    )
    if (bigRun && bigRun.peakRssMiB > MEMORY_GOAL_MIB) {
      process.stdout.write(
        `FAIL: peak RSS ${bigRun.peakRssMiB.toFixed(0)} MiB > ${MEMORY_GOAL_MIB} MiB\n`,
      )
      process.exitCode = 1
    }
    if (ghostRun && ghostRun.items !== GHOST_POSTS) {
      process.stdout.write(`FAIL: ${ghostRun.items} of ${GHOST_POSTS} Ghost posts imported\n`)
      process.exitCode = 1
    }
    if (bigRun && BIG_RUN === 'import' && bigRun.items !== bigItems) {
      process.stdout.write(`FAIL: ${bigRun.items} of ${bigItems} posts imported\n`)
      process.exitCode = 1
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
