import { UserId } from "#domain/ids.ts"
import { DEFAULT_PREFERENCES, type Preferences } from "#domain/preferences.ts"
import type { PreferencesPorts } from "./preferences.actors.ts"
import type { PreferencesContext, PreferencesEditor, PreferencesInput } from "./preferences.types.ts"
import { unansweredCalls } from "#gateway/lazy-calls.ts"

// Preferences for stories and tests, no network: a lifter (7) in kilograms with a 15 kg
// bar and 0.5 kg plates, and their coach (1) in pounds.

export const LIFTER_ID = UserId.make(7)
export const COACH_ID = UserId.make(1)

export const lifterInput: PreferencesInput = { userId: LIFTER_ID, editor: "lifter" }
export const coachInput: PreferencesInput = { userId: COACH_ID, editor: "coach" }
export const clientOfCoachInput: PreferencesInput = { userId: LIFTER_ID, editor: "coach-of-client" }

export const lifterPreferences: Preferences = { unit: "kg", bar: 15, smallest_plate: 0.5 }

export const preferencesContext = (
  editor: PreferencesEditor = "lifter",
  overrides: Partial<PreferencesContext> = {}
): PreferencesContext => ({
  userId: editor === "coach" ? COACH_ID : LIFTER_ID,
  editor,
  stored: editor === "coach" ? DEFAULT_PREFERENCES : lifterPreferences,
  draft: editor === "coach" ? DEFAULT_PREFERENCES : lifterPreferences,
  failure: null,
  ...overrides
})

/** A gateway that never answers, so a story stays in the state it shows. */
export const storyPreferencesPorts: PreferencesPorts = { gateway: unansweredCalls() }
