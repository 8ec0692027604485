import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs'

/**
 * The mail as readers will get it: at desktop width, at phone width, and its plain-text part.
 * The frames are sandboxed: the mail's links and markup run nothing here.
 */
export function NewsletterPreview({ html, text }: { html: string; text: string }) {
  return (
    <Tabs defaultValue="desktop" className="grid gap-3">
      <TabsList aria-label="Preview">
        <TabsTrigger value="desktop">Desktop</TabsTrigger>
        <TabsTrigger value="phone">Phone</TabsTrigger>
        <TabsTrigger value="text">Plain text</TabsTrigger>
      </TabsList>
      <TabsContent value="desktop">
        <iframe
          title="Preview at desktop width"
          sandbox=""
          srcDoc={html}
          className="h-[640px] w-full rounded-md border border-border bg-white"
        />
      </TabsContent>
      <TabsContent value="phone">
        <iframe
          title="Preview at phone width"
          sandbox=""
          srcDoc={html}
          className="mx-auto block h-[640px] w-[375px] max-w-full rounded-md border border-border bg-white"
        />
      </TabsContent>
      <TabsContent value="text">
        <pre className="max-h-[640px] overflow-auto rounded-md border border-border bg-muted p-4 text-sm whitespace-pre-wrap">
          {text}
        </pre>
      </TabsContent>
    </Tabs>
  )
}
