import type { ActorRefFrom, SnapshotFrom } from "xstate"
import { INVALID_EMAIL_FORMAT } from "#domain/user.ts"
import { clientOptions, type ClientKey, type ClientLookupEntry } from "#domain/workout.ts"
import type { CoachClientsMachine } from "./coach-clients.machine.ts"

export type CoachClientsSnapshot = SnapshotFrom<CoachClientsMachine>
export type CoachClientsActorRef = ActorRefFrom<CoachClientsMachine>

export const CLIENT_ADDED = "Client added!"
export const INVITATION_SENT = "Invitation sent"
export const ERROR_ADDING_CLIENT = "Error adding client"
export const CLIENTS_NOT_LOADED = "We couldn't load your clients. Check your connection and try again."
export const INVITATION_PENDING = "Invitation pending"
export const WAITING_FOR_ANSWER = "Waiting for their answer"
export const DECLINED = "Declined"
export const DECLINED_DETAIL = "They declined your invitation. Withdraw it to invite them again."
export const END_COACHING = "End coaching"
export const WITHDRAW_INVITATION = "Withdraw invitation"
export const RESEND_INVITATION = "Resend invitation"
export const RESENDING = "Sending the invitation again…"
export const NOT_RESENT = "The invitation was not sent again."
export const ACCESS_ENDS = "Their workouts and logs stay theirs; your access to them ends."
export const VERIFY_TO_INVITE = "Verify your email address to invite clients"
export const VERIFY_TO_INVITE_NEXT =
  "Open the verification link we sent to your inbox, then come back here: the form to invite clients appears once your email is verified."

export const endQuestion = (name: string) => `End coaching with ${name}?`
export const endedText = (name: string) => `Coaching with ${name} ended.`
export const withdrawnText = (name: string) => `Invitation to ${name} withdrawn.`
export const resentText = (email: string) => `Invitation sent again to ${email}.`

export type EntryStatus = "linked" | "pending" | "declined"

// A declined invitation is pending too, marked `declined` (docs/decisions/033).
const statusOf = (entry: ClientLookupEntry | undefined): EntryStatus =>
  entry === undefined || !entry.pending ? "linked" : entry.declined === true ? "declined" : "pending"

export interface ClientEntryView {
  readonly key: ClientKey
  readonly name: string
  readonly status: EntryStatus
  /** "End coaching" or "Withdraw invitation". */
  readonly removeLabel: string
  /** The entry's remove button is on: not while another removal is asked, on its way or failed. */
  readonly canRemove: boolean
  /** An open invitation (not a declined one, not a linked client) has a "Resend invitation" button. */
  readonly resendable: boolean
  /** That button is on: not while anything else is asked, on its way or failed. */
  readonly canResend: boolean
}

export type RemovalView =
  | { readonly kind: "confirming"; readonly key: ClientKey; readonly question: string; readonly detail: string }
  | { readonly kind: "removing"; readonly key: ClientKey; readonly message: string }
  | { readonly kind: "failed"; readonly key: ClientKey; readonly message: string; readonly reason: string }
  | { readonly kind: "removed"; readonly message: string }

export type ResendView =
  | { readonly kind: "resending"; readonly key: ClientKey; readonly message: string }
  | { readonly kind: "failed"; readonly key: ClientKey; readonly message: string; readonly reason: string }
  | { readonly kind: "resent"; readonly key: ClientKey; readonly message: string }

export interface ClientListView {
  readonly loading: boolean
  readonly loadError: string | null
  readonly clients: ReadonlyArray<ClientEntryView>
  readonly removal: RemovalView | null
  readonly resend: ResendView | null
}

const resendOf = (snapshot: CoachClientsSnapshot): ResendView | null => {
  const { resend, resendFailure } = snapshot.context
  if (resend === null) return null
  const { key, name } = resend
  if (snapshot.matches({ ready: "resending" })) return { kind: "resending", key, message: RESENDING }
  if (snapshot.matches({ ready: "resendFailed" }))
    return { kind: "failed", key, message: NOT_RESENT, reason: resendFailure ?? "" }
  if (snapshot.matches({ ready: "resent" })) return { kind: "resent", key, message: resentText(name) }
  return null
}

const removalOf = (snapshot: CoachClientsSnapshot): RemovalView | null => {
  const { removal, removeFailure, clients } = snapshot.context
  if (removal === null) return null
  const { key, name, linked } = removal
  if (snapshot.matches({ ready: "confirmingRemoval" }))
    return { kind: "confirming", key, question: endQuestion(name), detail: ACCESS_ENDS }
  if (snapshot.matches({ ready: "removing" }))
    return { kind: "removing", key, message: linked ? "Ending coaching…" : "Withdrawing invitation…" }
  if (snapshot.matches({ ready: "removeFailed" }))
    return {
      kind: "failed",
      key,
      message: linked ? "Coaching was not ended." : "The invitation was not withdrawn.",
      reason: removeFailure ?? ""
    }
  // Said only once the server's list no longer holds the entry.
  if (snapshot.matches({ ready: "removed" }) && clients[key] === undefined)
    return { kind: "removed", message: linked ? endedText(name) : withdrawnText(name) }
  return null
}

export const selectClientList = (snapshot: CoachClientsSnapshot): ClientListView => {
  const { clients } = snapshot.context
  return {
    loading: snapshot.matches("loading"),
    loadError: snapshot.matches("loadFailed") ? CLIENTS_NOT_LOADED : null,
    clients: clientOptions(clients).map((option) => {
      const status = statusOf(clients[option.key])
      return {
        key: option.key,
        name: option.name,
        status,
        removeLabel: status === "linked" ? END_COACHING : WITHDRAW_INVITATION,
        canRemove: snapshot.can({ type: "client.remove", key: option.key }),
        resendable: status === "pending",
        canResend: status === "pending" && snapshot.can({ type: "invitation.resend", key: option.key })
      }
    }),
    removal: removalOf(snapshot),
    resend: resendOf(snapshot)
  }
}

/** Views are rebuilt on every snapshot; equal ones need no render. */
export const sameClientList = (a: ClientListView, b: ClientListView): boolean => JSON.stringify(a) === JSON.stringify(b)

export interface AddClientView {
  readonly email: string
  readonly busy: boolean
  /** Before the list has loaded and while an add, a removal or a resend is under way, the form takes nothing. */
  readonly disabled: boolean
  readonly message: { readonly kind: "success" | "error"; readonly text: string } | null
}

export const selectAddClient = (snapshot: CoachClientsSnapshot): AddClientView => {
  const { email, added, addRefusal } = snapshot.context
  const message = snapshot.matches({ ready: "added" })
    ? ({ kind: "success", text: added === "linked" ? CLIENT_ADDED : INVITATION_SENT } as const)
    : snapshot.matches({ ready: "addFailed" })
      ? ({ kind: "error", text: addRefusal ?? ERROR_ADDING_CLIENT } as const)
      : snapshot.matches({ ready: "invalid" })
        ? ({ kind: "error", text: INVALID_EMAIL_FORMAT } as const)
        : null
  return {
    email,
    busy: snapshot.matches({ ready: "adding" }),
    disabled: !snapshot.can({ type: "email.change", email }),
    message
  }
}
