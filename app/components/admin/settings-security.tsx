import { useFetcher } from 'react-router'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Label } from '~/components/ui/label'
import { Switch } from '~/components/ui/switch'
import { useActionToast } from './use-action-toast'
import type { ActionResult } from '~/lib/action-result'

export function SecurityCard({ requireAdminTwoFactor }: { requireAdminTwoFactor: boolean }) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  const pending = fetcher.formData?.get('required')
  const checked =
    pending !== undefined && pending !== null ? pending === 'true' : requireAdminTwoFactor
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Security</h2>
        </CardTitle>
        <CardDescription>
          Admins without two-factor authentication are asked to set it up before they can use the
          back office.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex items-center gap-3">
        <Switch
          id="require-admin-2fa"
          checked={checked}
          disabled={fetcher.state !== 'idle'}
          onCheckedChange={(value) =>
            fetcher.submit({ intent: 'two-factor', required: String(value) }, { method: 'post' })
          }
        />
        <Label htmlFor="require-admin-2fa">Require two-factor authentication for admins</Label>
      </CardContent>
    </Card>
  )
}
