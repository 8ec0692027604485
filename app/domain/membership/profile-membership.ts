/** What /profile shows of a reader's membership (client-safe; profile-membership.server.ts). */
export interface ProfileMembershipView {
  memberships: { id: number; plan: string; status: string; when: string | null }[]
  /** A Stripe subscription: "Manage billing" opens the Customer Portal. */
  manageBilling: boolean
  receipts: { id: string; date: string; amount: string; status: string; url: string | null }[]
  /** Stripe did not answer: the receipts are not shown this time. */
  receiptsUnavailable: boolean
}
