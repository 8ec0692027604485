import { Extension } from '@tiptap/core'
import { Plugin, PluginKey } from '@tiptap/pm/state'
import { Decoration, DecorationSet } from '@tiptap/pm/view'

// An empty field of a block (a pull quote's words, a fact box's title) says what goes in it,
// as a grey hint drawn by CSS from `data-placeholder` (app.css); nothing of it is stored.

export const BlockPlaceholders = Extension.create<{ placeholders: Record<string, string> }>({
  name: 'blockPlaceholders',
  addOptions: () => ({ placeholders: {} }),
  addProseMirrorPlugins() {
    const { placeholders } = this.options
    return [
      new Plugin({
        key: new PluginKey('blockPlaceholders'),
        props: {
          decorations: ({ doc }) => {
            const marks: Decoration[] = []
            doc.descendants((node, pos) => {
              const hint = placeholders[node.type.name]
              if (hint !== undefined && node.content.size === 0) {
                marks.push(
                  Decoration.node(pos, pos + node.nodeSize, {
                    class: 'is-empty-block-field',
                    'data-placeholder': hint,
                  }),
                )
              }
              return true
            })
            return DecorationSet.create(doc, marks)
          },
        },
      }),
    ]
  },
})
