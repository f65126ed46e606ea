import type { UserId } from "#domain/ids.ts"
import type { ClientKey, ClientLookup } from "#domain/workout.ts"

/** What the last add's answer showed of the address (docs/decisions/033: an add invites, it never links). */
export type AddOutcome = "invited" | "linked"

/** An entry of the list being removed: a linked client's link ended, or an invitation withdrawn. */
export interface RemovalTarget {
  readonly key: ClientKey
  readonly name: string
  /** A linked client (their link ends) rather than an invitation (it is withdrawn). */
  readonly linked: boolean
}

/** An open invitation whose email is being sent again (docs/decisions/033). */
export interface ResendTarget {
  readonly key: ClientKey
  /** The invited address, as the list names the entry. */
  readonly name: string
}

/** A linked client being archived or restored (src/domain/client-archive.ts). */
export interface ArchivalTarget {
  /** The client's id as the list keys it ("7"). */
  readonly key: ClientKey
  readonly name: string
}

/** Why a call was not done, in words, and whether trying it again could help. */
export interface Failure {
  readonly reason: string
  readonly retryable: boolean
}

export interface CoachClientsContext {
  readonly coachId: UserId
  readonly clients: ClientLookup
  /** Why the list did not load, in words (../failure-text.ts); null while it loads again and once it has. */
  readonly loadFailure: string | null
  readonly email: string
  /** The last add's outcome, read from the server's answer; null until one is answered. */
  readonly added: AddOutcome | null
  /** Why the last add was refused, when the server's words are the coach's to act on (a 403); else null. */
  readonly addRefusal: string | null
  readonly removal: RemovalTarget | null
  /** Why the last removal failed, in words. */
  readonly removeFailure: string | null
  readonly resend: ResendTarget | null
  /**
   * Why the last resend failed, in the server's words when it gave them (when to try
   * again); a resend too soon is refused again until its ten minutes pass, so no retry.
   */
  readonly resendFailure: Failure | null
  readonly archival: ArchivalTarget | null
  /** Why the last archive or restore failed; a client no longer on the list is not tried again. */
  readonly archivalFailure: Failure | null
}

export interface CoachClientsInput {
  readonly coachId: UserId
}

export type CoachClientsEvent =
  | { readonly type: "email.change"; readonly email: string }
  | { readonly type: "client.add" }
  | { readonly type: "clients.retry" }
  /** The coach's list as a roster import answered it (src/machines/roster-import): the server's, shown as it is. */
  | { readonly type: "clients.imported"; readonly clients: ClientLookup }
  | { readonly type: "client.remove"; readonly key: ClientKey }
  | { readonly type: "removal.confirm" }
  | { readonly type: "removal.cancel" }
  | { readonly type: "removal.retry" }
  | { readonly type: "removal.dismiss" }
  | { readonly type: "invitation.resend"; readonly key: ClientKey }
  | { readonly type: "resend.retry" }
  | { readonly type: "resend.dismiss" }
  | { readonly type: "client.archive"; readonly key: ClientKey }
  | { readonly type: "archive.confirm" }
  | { readonly type: "archive.cancel" }
  | { readonly type: "archive.retry" }
  | { readonly type: "archive.dismiss" }
  | { readonly type: "client.restore"; readonly key: ClientKey }
  | { readonly type: "restore.retry" }
  | { readonly type: "restore.dismiss" }
