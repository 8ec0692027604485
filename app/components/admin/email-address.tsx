import { Fragment } from 'react'

/**
 * The places an address may break on a narrow screen: before the @ and after each dot (and
 * after the - _ + a long local part may hold), never inside a word.
 */
export function emailBreakParts(email: string): string[] {
  return email.split(/(?<=[._+-])|(?=@)/).filter((part) => part !== '')
}

/** An e-mail address that wraps at sensible points in a narrow table cell (<wbr>). */
export function EmailAddress({ email }: { email: string }) {
  return (
    <span className="[overflow-wrap:break-word]">
      {emailBreakParts(email).map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  )
}
