import type { ActorRefFrom, SnapshotFrom } from "xstate"
import type { AppUpdateMachine } from "./app-update.machine.ts"

export type AppUpdateSnapshot = SnapshotFrom<AppUpdateMachine>
export type AppUpdateActorRef = ActorRefFrom<AppUpdateMachine>

export const UPDATE_READY = "A new version is ready."
export const UPDATE = "Update"
export const UPDATING = "Updating..."

export interface UpdateOfferView {
  readonly message: string
  readonly button: string
  /** Whether pressing the button does anything now (not while the new version takes over). */
  readonly canUpdate: boolean
}

/** The update offer, or null while there is nothing to offer. */
export const selectUpdateOffer = (snapshot: AppUpdateSnapshot): UpdateOfferView | null => {
  const canUpdate = snapshot.can({ type: "update.accept" })
  if (canUpdate) return { message: UPDATE_READY, button: UPDATE, canUpdate }
  if (snapshot.matches({ watching: "updating" }) || snapshot.matches("reloading")) {
    return { message: UPDATE_READY, button: UPDATING, canUpdate }
  }
  return null
}
