import { useFetcher } from 'react-router'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Label } from '~/components/ui/label'
import { Switch } from '~/components/ui/switch'
import { useActionToast } from './use-action-toast'
import type { ActionResult } from '~/lib/action-result'

function CountingSwitch({
  what,
  on,
  label,
}: {
  what: 'clicks' | 'opens'
  on: boolean
  label: string
}) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  const pending = fetcher.formData?.get('on')
  const checked = pending !== undefined && pending !== null ? pending === 'true' : on
  const id = `newsletter-count-${what}`
  return (
    <div className="flex items-center gap-3">
      <Switch
        id={id}
        checked={checked}
        disabled={fetcher.state !== 'idle'}
        onCheckedChange={(value) =>
          fetcher.submit(
            { intent: 'newsletter-counting', what, on: String(value) },
            { method: 'post' },
          )
        }
      />
      <Label htmlFor={id}>{label}</Label>
    </div>
  )
}

/** Issue 36: what the newsletter's delivery report may count. No third-party tracker either way. */
export function NewsletterCountingCard({ clicks, opens }: { clicks: boolean; opens: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Newsletter report</h2>
        </CardTitle>
        <CardDescription>
          Story links in newsletters go through this site, which counts each reader’s click once.
          Opens are counted with a tiny image, only approximately: mail clients load images for
          their readers, or not at all.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <CountingSwitch what="clicks" on={clicks} label="Count clicks on story links" />
        <CountingSwitch what="opens" on={opens} label="Count opens (approximate)" />
      </CardContent>
    </Card>
  )
}
