import { ImageUp } from 'lucide-react'
import { useRef, useState, type ChangeEvent } from 'react'
import { Form, Link } from 'react-router'
import { UploadFailure, uploadFile } from '~/components/admin/upload-file'
import { AuthorAvatar } from '~/components/site/author-avatar'
import { Button } from '~/components/ui/button'
import { Field, FieldDescription, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Progress } from '~/components/ui/progress'
import { Textarea } from '~/components/ui/textarea'
import type { OwnAuthorProfile } from '~/domain/authors/authors-queries.server'
import { ACCEPT } from '~/domain/media/media-schema'
import { BIO_MAX, DISPLAY_NAME_MAX, type ProfileAnswer } from '~/domain/users/profile-schema'
import type { ActionResult } from '~/lib/action-result'
import { answerFor } from './profile-answer'
import { ProfileSection } from './profile-section'
import { FormMessage } from './form-message'
import { SubmitButton } from './submit-button'

/**
 * The byline part of the profile (staff only): display name, short bio, and a picture sent
 * to the media endpoint as soon as it is chosen, kept when the form is saved.
 */
export function AuthorProfileForm({
  author,
  username,
  answer,
}: {
  author: OwnAuthorProfile
  username: string
  answer: ActionResult<ProfileAnswer> | undefined
}) {
  const own = answerFor(answer, 'author-profile')
  const fileInput = useRef<HTMLInputElement>(null)
  const [displayName, setDisplayName] = useState(author.displayName)
  const [bio, setBio] = useState(author.bio)
  const [image, setImage] = useState(author.image)
  const [uploading, setUploading] = useState<number | null>(null)
  const [uploadError, setUploadError] = useState<string | null>(null)
  const imageErrors = uploadError ? [uploadError] : own?.fieldErrors?.image
  const nameErrors = own?.fieldErrors?.displayName
  const bioErrors = own?.fieldErrors?.bio

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    setUploadError(null)
    setUploading(0)
    try {
      const stored = await uploadFile(file, 'image', setUploading)
      setImage(stored.url)
    } catch (error) {
      setUploadError(
        error instanceof UploadFailure ? error.message : 'The picture could not be uploaded.',
      )
    } finally {
      setUploading(null)
    }
  }

  return (
    <ProfileSection
      id="author-profile"
      title="Author profile"
      description={
        <>
          How readers see you: the name on your bylines, and your author page.
          {author.pagePath ? (
            <>
              {' '}
              <Link to={author.pagePath} className="font-medium text-foreground underline">
                View your author page
              </Link>
            </>
          ) : null}
        </>
      }
    >
      <FormMessage kind="error" message={own?.formError} />
      <Form method="post" className="grid gap-5 sm:max-w-lg">
        <input type="hidden" name="image" value={image ?? ''} />
        <Field>
          <span id="author-picture-label" className="text-sm font-medium leading-none">
            Picture
          </span>
          <div className="flex items-center gap-4">
            <AuthorAvatar name={displayName.trim() || username} image={image} size="md" />
            <div className="flex flex-col items-start gap-1 sm:flex-row sm:items-center sm:gap-2">
              <Button
                type="button"
                variant="outline"
                size="sm"
                aria-describedby="author-picture-hint"
                disabled={uploading !== null}
                onClick={() => fileInput.current?.click()}
              >
                <ImageUp aria-hidden="true" />
                {image ? 'Change picture' : 'Upload picture'}
              </Button>
              {image ? (
                <Button type="button" variant="ghost" size="sm" onClick={() => setImage(null)}>
                  Remove picture
                </Button>
              ) : null}
            </div>
            <input
              ref={fileInput}
              type="file"
              accept={ACCEPT.image}
              className="sr-only"
              tabIndex={-1}
              aria-labelledby="author-picture-label"
              onChange={upload}
            />
          </div>
          {uploading !== null ? (
            <Progress value={uploading * 100} aria-label="Uploading picture" />
          ) : null}
          <FieldDescription id="author-picture-hint">
            {image !== author.image
              ? 'Save your author profile to keep this change.'
              : 'A square photo works best. Without one, readers see your initials.'}
          </FieldDescription>
          <FieldError id="field-image-error" errors={imageErrors} />
        </Field>

        <Field>
          <Label htmlFor="field-displayName">Display name</Label>
          <Input
            id="field-displayName"
            name="displayName"
            value={displayName}
            onChange={(event) => setDisplayName(event.target.value)}
            placeholder={username}
            maxLength={DISPLAY_NAME_MAX}
            autoComplete="name"
            aria-invalid={nameErrors?.length ? true : undefined}
            aria-describedby={`field-displayName-hint${nameErrors?.length ? ' field-displayName-error' : ''}`}
          />
          <FieldDescription id="field-displayName-hint">
            Shown in your bylines. Leave it empty to be shown as {username}.
          </FieldDescription>
          <FieldError id="field-displayName-error" errors={nameErrors} />
        </Field>

        <Field>
          <Label htmlFor="field-bio">Short bio</Label>
          <Textarea
            id="field-bio"
            name="bio"
            value={bio}
            onChange={(event) => setBio(event.target.value)}
            rows={4}
            maxLength={BIO_MAX}
            aria-invalid={bioErrors?.length ? true : undefined}
            aria-describedby={`field-bio-hint${bioErrors?.length ? ' field-bio-error' : ''}`}
          />
          <FieldDescription id="field-bio-hint">
            A line or two on your author page ({bio.length}/{BIO_MAX} characters).
          </FieldDescription>
          <FieldError id="field-bio-error" errors={bioErrors} />
        </Field>

        <SubmitButton
          intent="author-profile"
          label="Save author profile"
          pendingLabel="Saving ..."
          className="justify-self-start"
        />
      </Form>
    </ProfileSection>
  )
}
