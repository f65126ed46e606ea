import type { ActorRefFrom, SnapshotFrom } from "xstate"
import type { Unit } from "#domain/units.ts"
import type { PreferencesMachine } from "./preferences.machine.ts"
import { barChoices, plateChoices, UNIT_CHOICES, unitName, type Choice } from "./preferences.options.ts"
import type { PreferencesEditor, SmallestPlate } from "./preferences.types.ts"

export type PreferencesSnapshot = SnapshotFrom<PreferencesMachine>
export type PreferencesActorRef = ActorRefFrom<PreferencesMachine>

export const SAVED = "Saved"

const TITLES: Readonly<Record<PreferencesEditor, string>> = {
  lifter: "Units and plates",
  coach: "Units",
  "coach-of-client": "Bar and plates"
}

const WHAT: Readonly<Record<PreferencesEditor, string>> = {
  lifter: "your units and plates",
  coach: "your units",
  "coach-of-client": "this client's bar and plates"
}

export interface SelectView<T> {
  readonly choices: ReadonlyArray<Choice<T>>
  /** Index of the choice shown: the select's options are `choices` in order. */
  readonly selected: number
}

export interface PreferencesView {
  readonly status: "loading" | "loadFailed" | "ready"
  /** The section's heading: "Units and plates", "Units" or "Bar and plates". */
  readonly title: string
  readonly loadError: string | null
  readonly unit: Unit
  /** The unit's choices, or null where the unit is someone else's to pick (read-only). */
  readonly unitChoices: ReadonlyArray<Choice<Unit>> | null
  /** "Kilograms (kg)" */
  readonly unitText: string
  /** The bar and smallest plate, in `unit`; null on a coach's own profile. */
  readonly bar: SelectView<number | null> | null
  readonly plate: SelectView<SmallestPlate | null> | null
  readonly saving: boolean
  readonly canSave: boolean
  /** "Saved", only once the server answered the save. */
  readonly saved: string | null
  readonly saveError: string | null
}

const selectView = <T>(choices: ReadonlyArray<Choice<T>>, value: T): SelectView<T> => ({
  choices,
  selected: Math.max(
    0,
    choices.findIndex((choice) => choice.value === value)
  )
})

export const selectPreferences = (snapshot: PreferencesSnapshot): PreferencesView => {
  const { editor, draft, failure } = snapshot.context
  const what = WHAT[editor]
  const reason = failure ?? ""
  const status = snapshot.matches("loading") ? "loading" : snapshot.matches("loadFailed") ? "loadFailed" : "ready"
  const plates = editor !== "coach"
  return {
    status,
    title: TITLES[editor],
    loadError: status === "loadFailed" ? `We couldn't load ${what}. ${reason}`.trim() : null,
    unit: draft.unit,
    unitChoices: editor === "coach-of-client" ? null : UNIT_CHOICES,
    unitText: unitName(draft.unit),
    bar: plates ? selectView(barChoices(draft.unit, draft.bar), draft.bar) : null,
    plate: plates ? selectView(plateChoices(draft.unit, draft.smallest_plate), draft.smallest_plate) : null,
    saving: snapshot.matches({ ready: "saving" }),
    canSave: snapshot.can({ type: "preferences.save" }),
    saved: snapshot.matches({ ready: "saved" }) ? SAVED : null,
    saveError: snapshot.matches({ ready: "saveFailed" })
      ? `${what.charAt(0).toUpperCase()}${what.slice(1)} were not saved. ${reason}`.trim()
      : null
  }
}
