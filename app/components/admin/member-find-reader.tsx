import { Form } from 'react-router'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Field, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'

/**
 * Complimentary access starts from a reader's page: this finds the reader by address (a GET,
 * so it works without JavaScript) and opens it; `error` says when no account has it.
 */
export function MemberFindReader({ email, error }: { email: string; error: string | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Grant complimentary access</CardTitle>
        <CardDescription>
          Open a reader’s page by their e-mail address, then choose the plan and the last day of
          access. The reader needs an account here.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="get" className="grid gap-4">
          <Field>
            <Label htmlFor="member-find-email">Reader’s e-mail</Label>
            <Input
              id="member-find-email"
              name="reader"
              type="email"
              defaultValue={email}
              placeholder="name@example.com"
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'member-find-email-error' : undefined}
            />
            <FieldError id="member-find-email-error" errors={error} />
          </Field>
          <Button type="submit" variant="secondary" className="w-fit">
            Open reader
          </Button>
        </Form>
      </CardContent>
    </Card>
  )
}
