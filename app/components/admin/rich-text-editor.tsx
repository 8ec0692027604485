import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import {
  BoldIcon,
  Heading1Icon,
  Heading2Icon,
  ImageIcon,
  ItalicIcon,
  LinkIcon,
  ListIcon,
  ListOrderedIcon,
  QuoteIcon,
  Redo2Icon,
  Undo2Icon,
  type LucideIcon,
} from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Button } from '~/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog'
import { Field, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { isAllowedLinkHref, LINK_SCHEMES, linkScheme } from '~/lib/link-schemes'
import { transformPastedHtml } from '~/lib/paste/clean-pasted-html'
import type { BodyImageLibrary } from '~/domain/media/body-images'
import { returnFocus } from './blocks/return-focus'
import { blockExtensions, EDITOR_BLOCKS, type EditorBlock } from './editor-blocks'
import { SlashMenu, type MenuKeys } from './editor-slash-menu'
import { LibraryImage } from './library-image'
import {
  MediaDialog,
  selectedLibraryImage,
  type SelectedLibraryImage,
} from './rich-text-image-dialog'
import { ariaShortcut, TableTools } from './rich-text-table-tools'

// The article body editor (docs/product.md §2 "Rich-text content field"). Client-only: it is loaded
// lazily by rich-text-editor-lazy.tsx, so TipTap never reaches the public bundles.

/** The href to store for what was typed, or null when its scheme is not allowed. */
export function normaliseLinkUrl(typed: string): string | null {
  const url = typed.trim()
  // The schemes of docs/product.md §5, the list the server sanitiser enforces (lib/link-schemes.ts).
  if (linkScheme(url) !== null) return isAllowedLinkHref(url) ? url : null
  // Relative links stay relative; a bare host gets the default protocol (docs/product.md §5: http).
  if (/^[/#?.]/.test(url)) return url
  return `http://${url}`
}

/** The editor's extensions; `library` gives the stored body's images their captions. */
function editorExtensions(library: BodyImageLibrary) {
  return [
    StarterKit.configure({
      // docs/product.md §9: undo depth 100, a new undo step after 500 ms.
      undoRedo: { depth: 100, newGroupDelay: 500 },
      link: {
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: 'http',
        openOnClick: false,
        protocols: [...LINK_SCHEMES],
        isAllowedUri: (url, { defaultValidate }) =>
          normaliseLinkUrl(url) !== null && defaultValidate(url),
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow', class: null },
      },
    }),
    LibraryImage.configure({ allowBase64: false, library }),
    ...blockExtensions(),
  ]
}

function editorAttributes(
  labelId: string,
  invalid: boolean,
  describedBy: string | undefined,
  readOnly = false,
): Record<string, string> {
  return {
    class:
      'article-content min-h-[200px] px-4 py-3 focus-visible:outline-hidden [&_img]:rounded-lg [&_img]:max-w-full [&_a]:cursor-text [&_.ProseMirror-selectednode]:ring-2 [&_.ProseMirror-selectednode]:ring-ring [&_.selectedCell]:bg-primary/10',
    role: 'textbox',
    'aria-multiline': 'true',
    ...(readOnly ? { 'aria-readonly': 'true' } : {}),
    'aria-labelledby': labelId,
    'aria-invalid': invalid ? 'true' : 'false',
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  }
}

/**
 * The caret is scrolled into view with room under it for a phone form's sticky publish bar
 * (article-publish-bar.tsx), which would otherwise cover the line being typed.
 */
const CARET_IN_VIEW = {
  scrollThreshold: { top: 0, right: 0, bottom: 96, left: 0 },
  scrollMargin: { top: 0, right: 0, bottom: 96, left: 0 },
}

export interface RichTextEditorProps {
  /** The editor's HTML; an outside change that differs replaces the content. */
  value: string
  /** Called with the full HTML after every edit. */
  onChange: (html: string) => void
  /** The id of the visible "Content" label. */
  labelId: string
  invalid?: boolean
  describedBy?: string
  /** The library's alt texts and captions of the stored body's images (edit form). */
  bodyImages?: BodyImageLibrary
  /** Shown, selectable and copyable, but not editable (someone else holds the edit lock). */
  readOnly?: boolean
}

export function RichTextEditor({
  value,
  onChange,
  labelId,
  invalid = false,
  describedBy,
  bodyImages,
  readOnly = false,
}: RichTextEditorProps) {
  // The captions the body opened with; images inserted later carry their own.
  const [extensions] = useState(() => editorExtensions(bodyImages ?? {}))
  const onChangeRef = useRef(onChange)
  useEffect(() => {
    onChangeRef.current = onChange
  }, [onChange])
  // The HTML the editor last emitted or was given: a value that differs from it came from
  // outside the editor (docs/product.md §4 two-way sync).
  const knownHtml = useRef(value)
  // Keys the "/" menu takes while it is open (arrows, Enter, Tab, Escape).
  const menuKeys = useRef<MenuKeys | null>(null)
  // The block whose dialog is open (a related article's search…), by its id.
  const [blockDialog, setBlockDialog] = useState<string | null>(null)

  const attributes = editorAttributes(labelId, invalid, describedBy, readOnly)
  const editor = useEditor({
    extensions,
    content: value,
    // SSR-safe: nothing renders until the browser has mounted the editor.
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    editable: !readOnly,
    editorProps: {
      attributes,
      // A copy from Google Docs or Word keeps its structure and loses its styling.
      transformPastedHTML: transformPastedHtml,
      ...CARET_IN_VIEW,
      handleKeyDown: (_view, event) => menuKeys.current?.(event) ?? false,
    },
    onUpdate: ({ editor }) => {
      const html = editor.getHTML()
      knownHtml.current = html
      onChangeRef.current(html)
    },
  })

  // ARIA wiring and the invalid state follow the props.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return
    editor.setOptions({
      editorProps: {
        attributes: editorAttributes(labelId, invalid, describedBy, readOnly),
        transformPastedHTML: transformPastedHtml,
        ...CARET_IN_VIEW,
      },
    })
  }, [editor, labelId, invalid, describedBy, readOnly])

  // Read-only and back keeps the content and the selection: nothing typed is lost.
  useEffect(() => {
    if (!editor || editor.isDestroyed || editor.isEditable === !readOnly) return
    editor.setEditable(!readOnly, false)
  }, [editor, readOnly])

  useEffect(() => {
    if (!editor || editor.isDestroyed || value === knownHtml.current) return
    knownHtml.current = value
    editor.commands.setContent(value, { emitUpdate: false })
  }, [editor, value])

  function insertChosenBlock(block: EditorBlock) {
    if (!editor) return
    if (block.insert.kind === 'now') block.insert.run(editor)
    else setBlockDialog(block.id)
  }

  return (
    <div
      data-slot="rich-text-editor"
      data-invalid={invalid || undefined}
      data-readonly={readOnly || undefined}
      className="rounded-md border border-input bg-background data-readonly:bg-muted/60 focus-within:ring-2 focus-within:ring-ring focus-within:ring-offset-2 focus-within:ring-offset-background data-invalid:border-destructive"
    >
      {/* The tools go while it is read-only: nothing there may change the body. */}
      {readOnly ? null : <Toolbar editor={editor} onInsertBlock={insertChosenBlock} />}
      <div className="relative">
        <EditorContent editor={editor} />
        {editor ? <SlashMenu editor={editor} keys={menuKeys} onChoose={insertChosenBlock} /> : null}
      </div>
      {editor
        ? EDITOR_BLOCKS.map(({ id, insert }) =>
            insert.kind === 'dialog' ? (
              <insert.Dialog
                key={id}
                editor={editor}
                open={blockDialog === id}
                onOpenChange={(open) => setBlockDialog(open ? id : null)}
              />
            ) : null,
          )
        : null}
    </div>
  )
}

export default RichTextEditor

interface ToolState {
  bold: boolean
  italic: boolean
  bulletList: boolean
  orderedList: boolean
  blockquote: boolean
  heading1: boolean
  heading2: boolean
  link: boolean
  canUndo: boolean
  canRedo: boolean
}

function Toolbar({
  editor,
  onInsertBlock,
}: {
  editor: Editor | null
  onInsertBlock: (block: EditorBlock) => void
}) {
  const [linkOpen, setLinkOpen] = useState(false)
  const [mediaOpen, setMediaOpen] = useState(false)
  // state for each opening.
  const [mediaTarget, setMediaTarget] = useState<{
    selected: SelectedLibraryImage | null
    key: number
  }>({ selected: null, key: 0 })
  const state = useEditorState({
    editor,
    // TipTap's snapshot still holds no editor until the first transaction after it is created
    // (a click or keystroke), which left every button disabled on a freshly opened form; the
    // selector runs on every render, so the editor of this render is used instead.
    selector: ({ editor: fromSnapshot }): ToolState | null => {
      const e = fromSnapshot ?? editor
      return e
        ? {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            bulletList: e.isActive('bulletList'),
            orderedList: e.isActive('orderedList'),
            blockquote: e.isActive('blockquote'),
            heading1: e.isActive('heading', { level: 1 }),
            heading2: e.isActive('heading', { level: 2 }),
            link: e.isActive('link'),
            canUndo: e.can().undo(),
            canRedo: e.can().redo(),
          }
        : null
    },
  })
  const chain = () => editor!.chain().focus()
  const disabled = !editor || !state

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      // Sticks under the admin header (h-14) while a long article scrolls by.
      className="sticky top-14 z-10 flex flex-wrap items-center gap-1 rounded-t-md border-b border-border bg-muted p-1"
    >
      <ToolButton
        label="Bold"
        icon={BoldIcon}
        pressed={state?.bold}
        disabled={disabled}
        onClick={() => chain().toggleBold().run()}
      />
      <ToolButton
        label="Italic"
        icon={ItalicIcon}
        pressed={state?.italic}
        disabled={disabled}
        onClick={() => chain().toggleItalic().run()}
      />
      <Divider />
      <ToolButton
        label="Bullet list"
        icon={ListIcon}
        pressed={state?.bulletList}
        disabled={disabled}
        onClick={() => chain().toggleBulletList().run()}
      />
      <ToolButton
        label="Ordered list"
        icon={ListOrderedIcon}
        pressed={state?.orderedList}
        disabled={disabled}
        onClick={() => chain().toggleOrderedList().run()}
      />
      <ToolButton
        label="Blockquote"
        icon={QuoteIcon}
        pressed={state?.blockquote}
        disabled={disabled}
        onClick={() => chain().toggleBlockquote().run()}
      />
      <Divider />
      <ToolButton
        label="Heading 1"
        icon={Heading1Icon}
        pressed={state?.heading1}
        disabled={disabled}
        onClick={() => chain().toggleHeading({ level: 1 }).run()}
      />
      <ToolButton
        label="Heading 2"
        icon={Heading2Icon}
        pressed={state?.heading2}
        disabled={disabled}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      />
      <Divider />
      <ToolButton
        label="Link"
        icon={LinkIcon}
        pressed={state?.link}
        disabled={disabled}
        onClick={() => setLinkOpen(true)}
      />
      <ToolButton
        label="Media"
        icon={ImageIcon}
        disabled={disabled}
        onClick={() => {
          const selected = selectedLibraryImage(editor!)
          setMediaTarget(({ key }) => ({ selected, key: key + 1 }))
          setMediaOpen(true)
        }}
      />
      <TableTools editor={editor} disabled={disabled} ToolButton={ToolButton} />
      <Divider />
      {EDITOR_BLOCKS.map((block) => (
        <ToolButton
          key={block.id}
          label={block.label}
          icon={block.icon}
          disabled={disabled}
          onClick={() => onInsertBlock(block)}
        />
      ))}
      <Divider />
      <ToolButton
        label="Undo"
        icon={Undo2Icon}
        disabled={disabled || !state.canUndo}
        onClick={() => chain().undo().run()}
      />
      <ToolButton
        label="Redo"
        icon={Redo2Icon}
        disabled={disabled || !state.canRedo}
        onClick={() => chain().redo().run()}
      />
      {editor ? (
        <>
          <LinkDialog editor={editor} open={linkOpen} onOpenChange={setLinkOpen} />
          <MediaDialog
            key={mediaTarget.key}
            editor={editor}
            open={mediaOpen}
            onOpenChange={setMediaOpen}
            selected={mediaTarget.selected}
          />
        </>
      ) : null}
    </div>
  )
}

function Divider() {
  return <span aria-hidden="true" className="mx-0.5 h-6 w-px bg-border" />
}

function ToolButton({
  label,
  icon: Icon,
  pressed,
  disabled,
  shortcut,
  onClick,
}: {
  label: string
  icon: LucideIcon
  /** Omitted for buttons without an active state (media, undo, redo). */
  pressed?: boolean
  disabled?: boolean
  /** Its keyboard shortcut in TipTap's notation ("Mod-Alt-ArrowDown"), when it has one. */
  shortcut?: string
  onClick: () => void
}) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      aria-label={label}
      title={shortcut ? `${label} (${ariaShortcut(shortcut).replaceAll('+', ' ')})` : label}
      aria-keyshortcuts={shortcut ? ariaShortcut(shortcut) : undefined}
      aria-pressed={pressed === undefined ? undefined : pressed}
      data-active={pressed || undefined}
      disabled={disabled}
      // Keeps the focus (and the selection) in the editor when a button is clicked, so
      // the next keystroke lands in the text rather than on the button.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className="size-9 data-active:bg-primary data-active:text-primary-foreground data-active:hover:bg-primary/90"
    >
      <Icon aria-hidden="true" />
    </Button>
  )
}

function LinkDialog({
  editor,
  open,
  onOpenChange,
}: {
  editor: Editor
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const [url, setUrl] = useState('')
  const [error, setError] = useState<string | null>(null)

  function close() {
    onOpenChange(false)
    setUrl('')
    setError(null)
  }

  function apply(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // The dialog is portalled, but React events still bubble to the article form.
    event.stopPropagation()
    if (url.trim() === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run()
      close()
      return
    }
    const href = normaliseLinkUrl(url)
    if (href === null) {
      setError('Use a web, email or phone link (http, https, mailto, tel…)')
      return
    }
    const { empty } = editor.state.selection
    if (empty && !editor.isActive('link')) {
      // Nothing selected: the address itself becomes the linked text.
      editor
        .chain()
        .focus()
        .insertContent({
          type: 'text',
          text: url.trim(),
          marks: [{ type: 'link', attrs: { href } }],
        })
        .run()
    } else {
      // The caret goes to the end of the link, so typing carries on after it instead of
      // replacing the linked words.
      editor.chain().focus().extendMarkRange('link').setLink({ href }).run()
      editor.commands.setTextSelection(editor.state.selection.to)
    }
    close()
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent onCloseAutoFocus={(event) => returnFocus(event, editor)}>
        <DialogHeader>
          <DialogTitle>Insert Link</DialogTitle>
          <DialogDescription>Enter the URL for your link below</DialogDescription>
        </DialogHeader>
        <form onSubmit={apply} noValidate className="grid gap-4">
          <Field>
            <Label htmlFor="rte-link-url" className="sr-only">
              URL
            </Label>
            <Input
              id="rte-link-url"
              type="url"
              placeholder="Enter URL"
              value={url}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'rte-link-url-error' : undefined}
              onChange={(event) => {
                setUrl(event.target.value)
                setError(null)
              }}
            />
            <FieldError id="rte-link-url-error" errors={error} />
          </Field>
          <DialogFooter>
            <Button type="submit">Add Link</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
