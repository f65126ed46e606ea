import { assign, fromPromise, setup } from "xstate"
import { DEFAULT_PREFERENCES, MAX_BAR, type Preferences } from "#domain/preferences.ts"
import type { Unit } from "#domain/units.ts"
import { describeFailure } from "../failure-text.ts"
import type { UserId } from "#domain/ids.ts"
import type { PreferencesContext, PreferencesEvent, PreferencesInput, SmallestPlate } from "./preferences.types.ts"

// A user's unit, bar and smallest plate (docs/decisions/018-units-and-plates.md), on their
// profile or, for the bar and plates only, on their coach's page for them. "Saved" is a
// state reached only by the server's answer; a failed save keeps what was entered.
// preferences.actors.ts provides the read and the save.

export interface PreferencesSave {
  readonly userId: UserId
  readonly preferences: Preferences
}

const sameAs = (a: Preferences, b: Preferences): boolean =>
  a.unit === b.unit && a.bar === b.bar && a.smallest_plate === b.smallest_plate

export const preferencesMachine = setup({
  types: {
    context: {} as PreferencesContext,
    events: {} as PreferencesEvent,
    input: {} as PreferencesInput
  },
  actors: {
    loadPreferences: fromPromise<Preferences, UserId>(() =>
      Promise.reject(new Error("loadPreferences was not provided"))
    ),
    savePreferences: fromPromise<Preferences, PreferencesSave>(() =>
      Promise.reject(new Error("savePreferences was not provided"))
    )
  },
  guards: {
    // Only the lifter picks their unit: a coach's page for a client offers no such choice.
    mayPickUnit: ({ context }, { unit }: { unit: Unit }) =>
      context.editor !== "coach-of-client" && unit !== context.draft.unit,
    // A coach's own profile has no plates: they load no bar.
    mayPickBar: ({ context }, { bar }: { bar: number | null }) =>
      context.editor !== "coach" && (bar === null || (Number.isFinite(bar) && bar >= 0 && bar <= MAX_BAR)),
    mayPickPlate: ({ context }) => context.editor !== "coach",
    hasChanges: ({ context }) => !sameAs(context.draft, context.stored)
  },
  actions: {
    takeStored: assign((_, { stored }: { stored: Preferences }) => ({ stored, draft: stored, failure: null })),
    noteFailure: assign((_, { error }: { error: unknown }) => ({ failure: describeFailure(error) })),
    forgetFailure: assign({ failure: null }),
    // A new unit brings its usual bar and plates: a 45 lb bar is no 45 kg one.
    pickUnit: assign(({ context }, { unit }: { unit: Unit }) => ({
      draft: { ...context.draft, unit, bar: null, smallest_plate: null },
      failure: null
    })),
    pickBar: assign(({ context }, { bar }: { bar: number | null }) => ({
      draft: { ...context.draft, bar },
      failure: null
    })),
    pickPlate: assign(({ context }, { plate }: { plate: SmallestPlate | null }) => ({
      draft: { ...context.draft, smallest_plate: plate },
      failure: null
    }))
  }
}).createMachine({
  id: "preferences",
  context: ({ input }) => ({
    ...input,
    stored: DEFAULT_PREFERENCES,
    draft: DEFAULT_PREFERENCES,
    failure: null
  }),
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadPreferences",
        src: "loadPreferences",
        input: ({ context }) => context.userId,
        onDone: {
          target: "ready",
          actions: { type: "takeStored", params: ({ event }) => ({ stored: event.output }) }
        },
        onError: {
          target: "loadFailed",
          actions: { type: "noteFailure", params: ({ event }) => ({ error: event.error }) }
        }
      }
    },
    loadFailed: { on: { "preferences.retry": { target: "loading", actions: "forgetFailure" } } },
    ready: {
      initial: "editing",
      states: {
        editing: { on: { ...editTransitions(), "preferences.save": { guard: "hasChanges", target: "saving" } } },
        saving: {
          invoke: {
            id: "savePreferences",
            src: "savePreferences",
            input: ({ context }) => ({ userId: context.userId, preferences: context.draft }),
            onDone: {
              target: "saved",
              actions: { type: "takeStored", params: ({ event }) => ({ stored: event.output }) }
            },
            onError: {
              target: "saveFailed",
              actions: { type: "noteFailure", params: ({ event }) => ({ error: event.error }) }
            }
          }
        },
        // What the form shows is what the server holds: nothing to save until an edit.
        saved: { on: editTransitions() },
        saveFailed: { on: { ...editTransitions(), "preferences.save": "saving" } }
      }
    }
  }
})

/** The form's edits, the same wherever the form takes them (not while saving). */
function editTransitions() {
  return {
    "unit.pick": {
      guard: {
        type: "mayPickUnit",
        params: ({ event }: { event: Extract<PreferencesEvent, { type: "unit.pick" }> }) => ({ unit: event.unit })
      },
      target: "editing",
      actions: {
        type: "pickUnit",
        params: ({ event }: { event: Extract<PreferencesEvent, { type: "unit.pick" }> }) => ({ unit: event.unit })
      }
    },
    "bar.pick": {
      guard: {
        type: "mayPickBar",
        params: ({ event }: { event: Extract<PreferencesEvent, { type: "bar.pick" }> }) => ({ bar: event.bar })
      },
      target: "editing",
      actions: {
        type: "pickBar",
        params: ({ event }: { event: Extract<PreferencesEvent, { type: "bar.pick" }> }) => ({ bar: event.bar })
      }
    },
    "plate.pick": {
      guard: "mayPickPlate",
      target: "editing",
      actions: {
        type: "pickPlate",
        params: ({ event }: { event: Extract<PreferencesEvent, { type: "plate.pick" }> }) => ({ plate: event.plate })
      }
    }
  } as const
}

export type PreferencesMachine = typeof preferencesMachine
