import type { ActorRefFrom, SnapshotFrom } from "xstate"
import { INVALID_EMAIL_FORMAT } from "#domain/user.ts"
import { clientOptions, type ClientOption } from "#domain/workout.ts"
import type { CoachClientsMachine } from "./coach-clients.machine.ts"

export type CoachClientsSnapshot = SnapshotFrom<CoachClientsMachine>
export type CoachClientsActorRef = ActorRefFrom<CoachClientsMachine>

export const CLIENT_ADDED = "Client added!"
export const ERROR_ADDING_CLIENT = "Error adding client"
export const CLIENTS_NOT_LOADED = "We couldn't load your clients. Check your connection and try again."

export interface ClientListView {
  readonly loading: boolean
  readonly loadError: string | null
  readonly clients: ReadonlyArray<ClientOption>
}

export const selectClientList = (snapshot: CoachClientsSnapshot): ClientListView => ({
  loading: snapshot.matches("loading"),
  loadError: snapshot.matches("loadFailed") ? CLIENTS_NOT_LOADED : null,
  clients: clientOptions(snapshot.context.clients)
})

export interface AddClientView {
  readonly email: string
  readonly busy: boolean
  /** Before the list has loaded and while an add is under way, the form takes nothing. */
  readonly disabled: boolean
  readonly message: { readonly kind: "success" | "error"; readonly text: string } | null
}

export const selectAddClient = (snapshot: CoachClientsSnapshot): AddClientView => {
  const message = snapshot.matches({ ready: "added" })
    ? ({ kind: "success", text: CLIENT_ADDED } as const)
    : snapshot.matches({ ready: "addFailed" })
      ? ({ kind: "error", text: ERROR_ADDING_CLIENT } as const)
      : snapshot.matches({ ready: "invalid" })
        ? ({ kind: "error", text: INVALID_EMAIL_FORMAT } as const)
        : null
  const { email } = snapshot.context
  return {
    email,
    busy: snapshot.matches({ ready: "adding" }),
    disabled: !snapshot.can({ type: "email.change", email }),
    message
  }
}
