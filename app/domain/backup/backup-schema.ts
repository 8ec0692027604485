import { z } from 'zod'

/** What an admin types to confirm a restore (the file name works too). */
export const RESTORE_WORD = 'RESTORE'

/** The Backups screen's posts: Create Backup, and a restore confirmed in its dialog. */
export const backupActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('create') }),
  z
    .object({
      intent: z.literal('restore'),
      name: z.string({ error: 'There is no such backup.' }).min(1, 'There is no such backup.'),
      confirm: z.string().trim().default(''),
    })
    .refine((post) => post.confirm === RESTORE_WORD || post.confirm === post.name, {
      path: ['confirm'],
      message: `Type ${RESTORE_WORD} or the file name to confirm`,
    }),
])
