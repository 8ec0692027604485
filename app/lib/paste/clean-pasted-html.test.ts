import fs from 'node:fs'
import path from 'node:path'
import { Window } from 'happy-dom'
import { afterAll, describe, expect, test } from 'vitest'
import { cleanPastedHtml, isOfficeHtml, transformPastedHtml } from './clean-pasted-html'

// The real clipboard captures (../shared/fixtures/clipboard/README.md), cleaned by a DOM of
// happy-dom's instead of the browser's.
const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures/clipboard')
const window = new Window()
afterAll(() => window.happyDOM.close())

const parse = (html: string) =>
  // happy-dom's Document implements the DOM's Document; its TypeScript types are its own.
  new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document
const clean = (html: string) => cleanPastedHtml(html, parse)
const fixture = (name: string) => clean(fs.readFileSync(path.join(FIXTURES, name), 'utf8'))

const li = (text: string, nested = '') => `<li><p>${text}</p>${nested}</li>`

describe('cleanPastedHtml with the real captures', () => {
  test('every capture loses its styles, classes, spans, fonts and Word tags', () => {
    const names = fs.readdirSync(FIXTURES).filter((name) => name.endsWith('.html'))
    expect(names).toHaveLength(14)
    for (const name of names) {
      const html = fixture(name)
      expect(html, name).not.toMatch(
        /style=|class=|<span|<font|<o:p|<b[\s>]|<i[\s>]|<!--|lang=|dir=/,
      )
      expect(html.trim(), name).not.toBe('')
    }
  })

  test("Google Docs' bold wrapper is not bold", () => {
    expect(fixture('google-docs-bold-wrapper-simple-text.html')).toBe('<p>Hello world</p>')
  })

  test('Google Docs: the <br> between blocks is spacing, not a line break', () => {
    expect(fixture('google-docs-paragraphs-with-line-breaks.html')).toBe('<h1>A</h1><p>B</p>')
  })

  test('Google Docs: lists written beside their items become nested in them', () => {
    expect(fixture('google-docs-mixed-list.html')).toBe(
      `<ol>${li('1', `<ul>${li('A', `<ol>${li('1')}</ol>`)}</ul>`)}${li('2')}${li('3', `<ul>${li('A')}${li('B')}</ul>`)}</ol>` +
        `<ul>${li('A', `<ol>${li('1')}${li('2')}</ol>`)}</ul>`,
    )
    const deep = fixture('google-docs-nested-ordered-lists.html')
    expect(deep).toContain(
      `${li('112', `<ol>${li('1121')}${li('1122')}${li('1123')}</ol>`)}</ol></li>${li('12', `<ol>${li('121')}${li('122', `<ol>${li('1221')}</ol>`)}</ol>`)}`,
    )
    expect(deep.match(/<li>/g)).toHaveLength(29)
  })

  test('Google Docs: a jump of seven levels nests one level, with no empty items', () => {
    expect(fixture('google-docs-repeatedly-nested-list.html')).toBe(
      `<ol>${li('A1', `<ol>${li('B8')}${li('C3', `<ol>${li('D4')}</ol>`)}${li('E2')}</ol>`)}</ol>`,
    )
  })

  test('Word: bold, italic, underline and strikethrough, with the spaces between words', () => {
    expect(fixture('word-2016-multiple-styles-multiline.html')).toBe(
      '<p>Line <strong>bold</strong> and <em>italics</em></p>' +
        '<p>Line <strong><u>foo</u></strong><u> bar</u></p>' +
        '<p><s>Third</s> line <strong>styling, <em>space on e</em>nd </strong></p>',
    )
  })

  test('Word through Safari: inline styles without a stylesheet', () => {
    // The capture itself has no space between "bold" and "and" nor "Third" and "line".
    expect(fixture('word-2016-safari-multiple-styles-multiline.html')).toBe(
      '<p>Line <strong>bold</strong>and <em>italics</em></p>' +
        '<p>Line <strong><u>foo</u></strong><u>bar</u></p>' +
        '<p><s>Third</s>line <strong>styling, <em>space on e</em>nd </strong></p>',
    )
  })

  test('Word: mso-list paragraphs become a nested numbered list, level 4 under level 2', () => {
    expect(fixture('word-2016-nested-list.html')).toBe(
      `<ol>${li('A1')}${li('B1', `<ol>${li('C2', `<ol>${li('D4')}</ol>`)}${li('E2', `<ol>${li('F3')}</ol>`)}</ol>`)}${li('G1')}</ol>`,
    )
  })

  test('Word: bullets and numbers by level, from the @list rules', () => {
    expect(fixture('word-2016-nested-mixed-list.html')).toBe(
      `<ul>${li('A1', `<ol>${li('B2', `<ul>${li('C4')}</ul><ol>${li('D3')}</ol>`)}</ol>`)}${li('E1', `<ol>${li('F2')}</ol>`)}</ul>`,
    )
  })

  test('Word: numbered headings stay headings, without their drawn numbers', () => {
    expect(fixture('word-2016-heading1-numbered-list.html')).toBe('<h1>H1 1</h1><h1>H1 2</h1>')
  })

  test('Word: links, adjacent ones apart, and a line break inside one', () => {
    expect(fixture('word-2016-links-combined.html')).toBe(
      '<p><a href="https://ckeditor.com/">CKEditor</a><a href="https://cksource.com/">CKSource</a> 2</p>',
    )
    expect(fixture('word-2016-link-two-line.html')).toBe(
      '<p><a href="https://cksource.com/">Long link <br> WITH spaces</a></p>',
    )
  })

  test('Word: runs of spaces keep the words apart', () => {
    const text = parse(fixture('word-2016-spacing-multi-line.html'))
      .body.textContent!.replace(/[\s\u00a0]+/g, ' ')
      .trim()
    expect(text).toBe('2Foo 3Bar4 03 21')
  })

  test('Word: a table keeps its rows and cells, its bold first row becomes the header', () => {
    const html = fixture('word-table.html')
    expect(html).toMatch(/^<table><tbody><tr><th><p>Project Phase<\/p><\/th><th><p>Deadline/)
    expect(html).toContain(
      '<td><p>Phase 1: Market research</p></td><td><p>2019-10-15</p></td><td><p>✓</p></td>',
    )
    expect(html.match(/<tr>/g)).toHaveLength(4)
    expect(html.match(/<td>/g)).toHaveLength(9)
    expect(html).not.toMatch(/width|border|background|<strong>/)
  })
})

describe('cleanPastedHtml with what the captures lack', () => {
  test("Google Docs' bold and italic spans become marks; fonts and colours go", () => {
    expect(
      clean(
        '<b style="font-weight:normal;" id="docs-internal-guid-1"><p dir="ltr"><span style="font-family:Arial;color:#ff0000;font-weight:700">Big</span> <span style="font-style:italic;font-size:14pt">news</span><span style="font-weight:400"></span></p></b>',
      ),
    ).toBe('<p><strong>Big</strong> <em>news</em></p>')
  })

  test("Word's comments and tracked deletions go; tracked insertions stay as text", () => {
    expect(
      clean(
        '<p class=MsoNormal>Kept <ins cite="mailto:Ann" datetime="2026-01-01T00:00">added</ins><del cite="mailto:Ann">removed</del> text<span class=MsoCommentReference><span style="mso-special-character:comment">&nbsp;<a class=msocomanchor href="#_msocom_1">[A1]</a></span></span></p>' +
          '<div style="mso-element:comment-list"><div style="mso-element:comment"><p class=MsoCommentText>Check this</p></div></div>',
      ),
    ).toBe('<p>Kept added text</p>')
  })

  test('a link keeps only its address; a script or a javascript: link is for the editor to refuse', () => {
    expect(
      clean(
        '<p class=MsoNormal><a href="https://example.com/" style="color:blue" target="_top" onclick="x()">site</a><script>alert(1)</script></p>',
      ),
    ).toBe('<p><a href="https://example.com/">site</a></p>')
  })

  test('empty Word paragraphs and empty spans go', () => {
    expect(
      clean('<p class=MsoNormal><o:p>&nbsp;</o:p></p><p class=MsoNormal>Text<span></span></p>'),
    ).toBe('<p>Text</p>')
  })
})

describe('which pastes are cleaned', () => {
  test('Word and Google Docs are recognised', () => {
    for (const name of fs.readdirSync(FIXTURES).filter((file) => file.endsWith('.html'))) {
      expect(isOfficeHtml(fs.readFileSync(path.join(FIXTURES, name), 'utf8')), name).toBe(true)
    }
  })

  test("a copy from this editor or a web page is left to the editor's schema", () => {
    const own = '<p data-pm-slice="1 1 []">Own <strong>text</strong></p>'
    expect(transformPastedHtml(own)).toBe(own)
    const web = '<p style="color:red">A web page</p>'
    expect(isOfficeHtml(web)).toBe(false)
    expect(transformPastedHtml(web)).toBe(web)
  })
})
