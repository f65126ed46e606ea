import type { ActorRefFrom, SnapshotFrom } from "xstate"
import { SOMETHING_WENT_WRONG } from "../failure-text.ts"
import { INVALID_EMAIL_FORMAT } from "#domain/user.ts"
import { clientOptions, type ClientKey, type ClientLookupEntry } from "#domain/workout.ts"
import type { CoachClientsMachine } from "./coach-clients.machine.ts"

export type CoachClientsSnapshot = SnapshotFrom<CoachClientsMachine>
export type CoachClientsActorRef = ActorRefFrom<CoachClientsMachine>

export const CLIENT_ADDED = "Client added!"
export const INVITATION_SENT = "Invitation sent"
export const ERROR_ADDING_CLIENT = "Error adding client"
/** What a failed load of the clients says first; the reason follows it. */
export const CLIENTS_NOT_LOADED_PREFIX = "We couldn't load your clients."
/** What the coach calendar says of any failed load of the clients: its machine keeps no reason. */
export const CLIENTS_NOT_LOADED = `${CLIENTS_NOT_LOADED_PREFIX} Check your connection and try again.`
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
export const ARCHIVE = "Archive"
export const RESTORE = "Restore"
export const ARCHIVED_HEADING = "Archived"
export const ARCHIVE_KEEPS = "Their history is kept; you can restore them from Archived."
export const ARCHIVING = "Archiving…"
export const RESTORING = "Restoring…"
export const VERIFY_TO_INVITE = "Verify your email address to invite clients"
export const VERIFY_TO_INVITE_NEXT =
  "Open the verification link we sent to your inbox, then come back here: the form to invite clients appears once your email is verified."

/** A failed load with its reason (src/machines/failure-text.ts): only the network's tells the coach to check it. */
export const clientsNotLoadedText = (reason: string) => `${CLIENTS_NOT_LOADED_PREFIX} ${reason}`
export const endQuestion = (name: string) => `End coaching with ${name}?`
export const endedText = (name: string) => `Coaching with ${name} ended.`
export const withdrawnText = (name: string) => `Invitation to ${name} withdrawn.`
export const resentText = (email: string) => `Invitation sent again to ${email}.`
export const archiveQuestion = (name: string) => `Archive ${name}?`
export const archivedText = (name: string) => `${name} archived. You can restore them from Archived.`
export const restoredText = (name: string) => `${name} is back on your list.`
export const notArchivedText = (name: string) => `${name} was not archived.`
export const notRestoredText = (name: string) => `${name} was not restored.`
/** The disclosure of the archived clients, with how many there are: "Archived (2)". */
export const archivedCount = (count: number) => `${ARCHIVED_HEADING} (${count})`

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
  /** A linked client the coach archived: listed under Archived, with Restore. */
  readonly archived: boolean
  /** A linked client on the roster can be archived (asked first): not while anything else is under way. */
  readonly canArchive: boolean
  /** An archived client can be restored: not while anything else is under way. */
  readonly canRestore: boolean
}

export type RemovalView =
  | { readonly kind: "confirming"; readonly key: ClientKey; readonly question: string; readonly detail: string }
  | { readonly kind: "removing"; readonly key: ClientKey; readonly message: string }
  | { readonly kind: "failed"; readonly key: ClientKey; readonly message: string; readonly reason: string }
  | { readonly kind: "removed"; readonly message: string }

export type ResendView =
  | { readonly kind: "resending"; readonly key: ClientKey; readonly message: string }
  | {
      readonly kind: "failed"
      readonly key: ClientKey
      readonly message: string
      readonly reason: string
      /** Try again is offered: not for a resend too soon, which the server refuses until its time. */
      readonly canRetry: boolean
    }
  | { readonly kind: "resent"; readonly key: ClientKey; readonly message: string }

export type ArchivalView =
  | { readonly kind: "confirming"; readonly key: ClientKey; readonly question: string; readonly detail: string }
  | { readonly kind: "archiving"; readonly key: ClientKey; readonly message: string }
  | { readonly kind: "restoring"; readonly key: ClientKey; readonly message: string }
  | {
      readonly kind: "failed"
      /** What failed: the panel's Try again and Back are that call's. */
      readonly of: "archive" | "restore"
      readonly key: ClientKey
      readonly message: string
      readonly reason: string
      /** Try again is offered: not for a client no longer on the list. */
      readonly canRetry: boolean
    }
  | { readonly kind: "archived"; readonly key: ClientKey; readonly message: string }
  | { readonly kind: "restored"; readonly key: ClientKey; readonly message: string }

export interface ClientListView {
  readonly loading: boolean
  readonly loadError: string | null
  /** The roster: linked clients not archived, and invitations, by name. */
  readonly clients: ReadonlyArray<ClientEntryView>
  /** The archived clients, by name, listed apart. */
  readonly archived: ReadonlyArray<ClientEntryView>
  readonly removal: RemovalView | null
  readonly resend: ResendView | null
  readonly archival: ArchivalView | null
}

const resendOf = (snapshot: CoachClientsSnapshot): ResendView | null => {
  const { resend, resendFailure } = snapshot.context
  if (resend === null) return null
  const { key, name } = resend
  if (snapshot.matches({ ready: "resending" })) return { kind: "resending", key, message: RESENDING }
  if (snapshot.matches({ ready: "resendFailed" }))
    return {
      kind: "failed",
      key,
      message: NOT_RESENT,
      reason: resendFailure?.reason ?? "",
      canRetry: snapshot.can({ type: "resend.retry" })
    }
  if (snapshot.matches({ ready: "resent" })) return { kind: "resent", key, message: resentText(name) }
  return null
}

const archivalOf = (snapshot: CoachClientsSnapshot): ArchivalView | null => {
  const { archival, archivalFailure, clients } = snapshot.context
  if (archival === null) return null
  const { key, name } = archival
  const failed = (of: "archive" | "restore", message: string): ArchivalView => ({
    kind: "failed",
    of,
    key,
    message,
    reason: archivalFailure?.reason ?? "",
    canRetry: snapshot.can({ type: `${of}.retry` })
  })
  if (snapshot.matches({ ready: "confirmingArchive" }))
    return { kind: "confirming", key, question: archiveQuestion(name), detail: ARCHIVE_KEEPS }
  if (snapshot.matches({ ready: "archiving" })) return { kind: "archiving", key, message: ARCHIVING }
  if (snapshot.matches({ ready: "restoring" })) return { kind: "restoring", key, message: RESTORING }
  if (snapshot.matches({ ready: "archiveFailed" })) return failed("archive", notArchivedText(name))
  if (snapshot.matches({ ready: "restoreFailed" })) return failed("restore", notRestoredText(name))
  // Said only once the server's list shows it so.
  const archivedNow = clients[key]?.archived === true
  if (snapshot.matches({ ready: "archived" }) && archivedNow)
    return { kind: "archived", key, message: archivedText(name) }
  if (snapshot.matches({ ready: "restored" }) && clients[key] !== undefined && !archivedNow)
    return { kind: "restored", key, message: restoredText(name) }
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
  const entries = clientOptions(clients).map((option): ClientEntryView => {
    const entry = clients[option.key]
    const status = statusOf(entry)
    const archived = status === "linked" && entry?.archived === true
    return {
      key: option.key,
      name: option.name,
      status,
      removeLabel: status === "linked" ? END_COACHING : WITHDRAW_INVITATION,
      canRemove: snapshot.can({ type: "client.remove", key: option.key }),
      resendable: status === "pending",
      canResend: status === "pending" && snapshot.can({ type: "invitation.resend", key: option.key }),
      archived,
      canArchive: snapshot.can({ type: "client.archive", key: option.key }),
      canRestore: snapshot.can({ type: "client.restore", key: option.key })
    }
  })
  return {
    loading: snapshot.matches("loading"),
    loadError: snapshot.matches("loadFailed")
      ? clientsNotLoadedText(snapshot.context.loadFailure ?? SOMETHING_WENT_WRONG)
      : null,
    clients: entries.filter((entry) => !entry.archived),
    archived: entries.filter((entry) => entry.archived),
    removal: removalOf(snapshot),
    resend: resendOf(snapshot),
    archival: archivalOf(snapshot)
  }
}

/** Views are rebuilt on every snapshot; equal ones need no render. */
export const sameClientList = (a: ClientListView, b: ClientListView): boolean => JSON.stringify(a) === JSON.stringify(b)

export interface AddClientView {
  readonly email: string
  readonly busy: boolean
  /** Before the list has loaded and while an add, a removal, a resend or an archive is under way, the form takes nothing. */
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
