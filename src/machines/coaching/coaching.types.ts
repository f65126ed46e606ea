import type { Coaching, InvitationId } from "#domain/coaching.ts"

/** What the last answered change was, so the screen can say what the server did. */
export type CoachingChange = "accepted" | "declined" | "ended"

export interface CoachingContext {
  /** The server's last answer; null until the first read is in. */
  readonly coaching: Coaching | null
  /** The invitation being accepted or declined (or whose accept or decline failed). */
  readonly invitationId: InvitationId | null
  /** The last change the server answered; null when nothing has changed since the read. */
  readonly change: CoachingChange | null
  /** Why the last call failed, in words (coaching.failure.ts). */
  readonly failure: string | null
}

export type CoachingEvent =
  | { readonly type: "coaching.retry" }
  | { readonly type: "invitation.accept"; readonly invitationId: InvitationId }
  | { readonly type: "invitation.decline"; readonly invitationId: InvitationId }
  | { readonly type: "coaching.end" }
  | { readonly type: "end.confirm" }
  | { readonly type: "end.cancel" }
  | { readonly type: "failure.retry" }
  | { readonly type: "failure.dismiss" }
