import { lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react'
import { Skeleton } from '~/components/ui/skeleton'
import type { RichTextEditorProps } from './rich-text-editor'

// TipTap is about 128 KB gzipped (STACK-NOTES 18). Importing it lazily keeps it in its own
// chunk, out of every other page and of the server render (the editor cannot render without
// a DOM anyway). The back-office shell starts fetching it in idle time
// (preloadRichTextEditor), so that opening the article form finds it ready
// (docs/performance.md, "Article editor: time to usable").
let editorModule: Promise<{ default: ComponentType<RichTextEditorProps> }> | null = null

/** Fetches and evaluates the editor's code once; later calls share the same promise. */
export function preloadRichTextEditor() {
  editorModule ??= import('./rich-text-editor').catch((error: unknown) => {
    // A failed fetch (offline, a new deployment) is tried again by the next caller.
    editorModule = null
    throw error
  })
  return editorModule
}

const RichTextEditor = lazy(preloadRichTextEditor)

const noop = () => () => {}

/** False during the server render and hydration, true once the page runs in the browser. */
function useHydrated() {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  )
}

function EditorPlaceholder() {
  return (
    <div className="rounded-md border border-input bg-background" aria-hidden="true">
      <div className="flex gap-1 border-b border-border bg-muted p-1">
        {/* As many as the toolbar has buttons (rich-text-editor.tsx, with editor-blocks.ts). */}
        {Array.from({ length: 15 }, (_, i) => (
          <Skeleton key={i} className="size-9" />
        ))}
      </div>
      <div className="min-h-[200px] p-4">
        <Skeleton className="h-4 w-3/4" />
      </div>
    </div>
  )
}

/**
 * The rich-text field: the editor, and a hidden input carrying its full HTML with the form
 * (present from the first render, so the form posts the content even before the editor loads).
 */
export function LazyRichTextEditor({ name, ...props }: RichTextEditorProps & { name: string }) {
  const hydrated = useHydrated()
  return (
    <>
      <input type="hidden" name={name} value={props.value} />
      {hydrated ? (
        <Suspense fallback={<EditorPlaceholder />}>
          <RichTextEditor {...props} />
        </Suspense>
      ) : (
        <EditorPlaceholder />
      )}
    </>
  )
}
