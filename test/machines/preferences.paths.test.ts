/**
 * A user's units and plates, walked by the model for each editor (the lifter on their
 * profile, a coach on theirs, a coach on a client's page): every state and transition,
 * replayed on a running actor whose gateway the test answers. "Saved" shows only after
 * the server answered; a failed save says why and keeps what was entered; a failed read
 * offers a retry, never a form of made-up values; a new unit brings its usual bar and
 * plates; a coach never changes a client's unit and a coach's own profile has no plates.
 */
import { describe, expect, test } from "vitest"
import { createActor, initialTransition } from "xstate"
import { DEFAULT_PREFERENCES, UNIT_IS_THE_LIFTERS, type Preferences } from "#domain/preferences.ts"
import { preferencesImplementations } from "#machines/preferences/preferences.actors.ts"
import {
  clientOfCoachInput,
  coachInput,
  lifterInput,
  lifterPreferences
} from "#machines/preferences/preferences.fixtures.ts"
import { preferencesMachine } from "#machines/preferences/preferences.machine.ts"
import { SAVED, selectPreferences, type PreferencesSnapshot } from "#machines/preferences/preferences.selectors.ts"
import type { PreferencesEvent, PreferencesInput } from "#machines/preferences/preferences.types.ts"
import { combinedCoverage, leafOf, modelOf } from "./client-model-walk.ts"
import { deferredGateway, done, failure, oneCall, replayPath, settleMicrotasks } from "./coach-stub-actors.ts"

type ModelEvent = PreferencesEvent | ReturnType<typeof done> | ReturnType<typeof failure>

const serverDown = { _tag: "GatewayDefect", reason: "network", message: "The server could not be reached" }
const forbidden = { _tag: "Forbidden", error: UNIT_IS_THE_LIFTERS }

/** What the server answers a save: what it was sent (a PUT replaces the record). */
const stored = (preferences: Preferences) => done("savePreferences", preferences)

const events = (snapshot: PreferencesSnapshot): ReadonlyArray<ModelEvent> => [
  { type: "preferences.retry" },
  done("loadPreferences", snapshot.context.userId === coachInput.userId ? DEFAULT_PREFERENCES : lifterPreferences),
  failure("loadPreferences", serverDown),
  { type: "unit.pick", unit: "lb" },
  { type: "unit.pick", unit: "kg" },
  { type: "bar.pick", bar: 20 },
  { type: "bar.pick", bar: null },
  { type: "bar.pick", bar: 500 },
  { type: "plate.pick", plate: 1.25 },
  { type: "plate.pick", plate: null },
  { type: "preferences.save" },
  stored(snapshot.context.draft),
  failure("savePreferences", forbidden)
]

const walkFor = (input: PreferencesInput) =>
  modelOf<PreferencesSnapshot, ModelEvent>(preferencesMachine, {
    input,
    events,
    serialize: (snapshot) =>
      [leafOf(snapshot), JSON.stringify(snapshot.context.draft), JSON.stringify(snapshot.context.stored)].join("|")
  })

const walks = {
  lifter: walkFor(lifterInput),
  coach: walkFor(coachInput),
  "coach-of-client": walkFor(clientOfCoachInput)
}

describe("the preferences machine's model", () => {
  test("a lifter's profile reaches every state and takes every transition the machine declares", () => {
    expect(walks.lifter.reachedStates).toEqual(walks.lifter.leafStates)
    expect(walks.lifter.untakenTransitions).toEqual([])
  })

  test("the three editors together reach every state and take every transition", () => {
    expect(combinedCoverage(Object.values(walks))).toEqual({ unreached: [], untaken: [] })
  })
})

function runningPreferences(input: PreferencesInput) {
  const stubs = deferredGateway(["preferences", "savePreferences"])
  const machine = preferencesMachine.provide(preferencesImplementations({ gateway: stubs.gateway }))
  const actor = createActor(machine, { input }).start()
  return {
    stubs,
    actor,
    answers: { loadPreferences: oneCall(stubs, "preferences"), savePreferences: oneCall(stubs, "savePreferences") }
  }
}
type Running = ReturnType<typeof runningPreferences>

function expectWhatTheUserSees(
  input: PreferencesInput,
  snapshot: PreferencesSnapshot,
  { stubs }: Running,
  answered: ReadonlyArray<ModelEvent>
) {
  const view = selectPreferences(snapshot)
  const leaf = leafOf(snapshot)
  const { draft, stored: held } = snapshot.context
  // Only the user's own record is read, and only while loading.
  expect(stubs.isWaitingFor("preferences")).toBe(view.status === "loading")
  if (view.status === "loading") expect(stubs.argsOf("preferences")).toEqual([input.userId])
  expect(view.loadError === null).toBe(view.status !== "loadFailed")
  if (view.loadError !== null) expect(view.loadError).toMatch(/^We couldn't load .+ We couldn't reach the server/)
  // The whole record is sent while saving, with the unit as it was for a client's coach.
  expect(stubs.isWaitingFor("savePreferences")).toBe(leaf === "ready.saving")
  if (leaf === "ready.saving") expect(stubs.argsOf("savePreferences")).toEqual([input.userId, draft])
  expect(view.saving).toBe(leaf === "ready.saving")
  // "Saved" only once the server answered, and then the form shows what the server holds.
  expect(view.saved).toBe(leaf === "ready.saved" ? SAVED : null)
  if (leaf === "ready.saved") {
    expect(answered.at(-1)?.type).toBe("xstate.done.actor.savePreferences")
    expect(draft).toEqual(held)
  }
  // A failed save names what failed and why, and keeps what was entered.
  expect(view.saveError).toEqual(leaf === "ready.saveFailed" ? expect.stringContaining(UNIT_IS_THE_LIFTERS) : null)
  expect(view.canSave).toBe(
    (leaf === "ready.editing" || leaf === "ready.saved" || leaf === "ready.saveFailed") &&
      JSON.stringify(draft) !== JSON.stringify(held)
  )
  expect(view.unit).toBe(draft.unit)
  if (input.editor === "coach-of-client") {
    // No unit choice is offered, and the client's unit is never changed.
    expect(view.unitChoices).toBeNull()
    if (view.status === "ready") {
      expect(draft.unit).toBe("kg")
      expect(view.unitText).toBe("Kilograms (kg)")
    }
  } else expect(view.unitChoices?.map((choice) => choice.label)).toEqual(["Pounds (lb)", "Kilograms (kg)"])
  if (input.editor === "coach") {
    expect([view.bar, view.plate]).toEqual([null, null])
    expect([draft.bar, draft.smallest_plate]).toEqual([null, null])
    return
  }
  // The options shown are in the unit chosen, the usual ones first, and one is the value held.
  const usualBar = draft.unit === "kg" ? "Usual (20 kg bar)" : "Usual (45 lb bar)"
  expect(view.bar?.choices[0]?.label).toBe(usualBar)
  expect(view.bar?.choices[view.bar.selected]?.value).toBe(draft.bar)
  expect(view.plate?.choices[view.plate.selected]?.value).toBe(draft.smallest_plate)
  expect(view.bar?.choices.every((choice) => choice.label.includes(` ${draft.unit}`))).toBe(true)
}

describe.each(Object.entries(walks))("the %s's form, driven along the model", (editor, walk) => {
  const input = { lifter: lifterInput, coach: coachInput, "coach-of-client": clientOfCoachInput }[editor]
  if (input === undefined) throw new Error(editor)
  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const running = runningPreferences(input)
    const { actor } = running
    const [initial] = initialTransition(preferencesMachine, input)
    const answered: Array<ModelEvent> = []
    await replayPath<PreferencesSnapshot, ModelEvent>(initial, edge.path, actor, running.answers, (expected, event) => {
      if (event !== undefined) answered.push(event)
      const actual = actor.getSnapshot()
      expect(leafOf(actual)).toBe(leafOf(expected))
      expect(actual.context).toEqual(expected.context)
      expectWhatTheUserSees(input, actual, running, answered)
    })
    actor.stop()
  })
})

/** A lifter's form once the server answered the read with `held`. */
async function loadedLifterForm(held: Preferences) {
  const running = runningPreferences(lifterInput)
  await settleMicrotasks()
  running.answers.loadPreferences.done(held)
  await settleMicrotasks()
  return running
}

/** Sends Save and returns what went out. */
async function savedAs(running: Running) {
  running.actor.send({ type: "preferences.save" })
  await settleMicrotasks()
  return running.stubs.argsOf("savePreferences")
}

describe("switching units", () => {
  test("a new unit brings its usual bar and plates, and a save sends them", async () => {
    const running = await loadedLifterForm(lifterPreferences)
    running.actor.send({ type: "unit.pick", unit: "lb" })
    expect(running.actor.getSnapshot().context.draft).toEqual({ unit: "lb", bar: null, smallest_plate: null })
    const view = selectPreferences(running.actor.getSnapshot())
    expect(view.bar?.choices[view.bar.selected]?.label).toBe("Usual (45 lb bar)")
    expect(view.plate?.choices[view.plate.selected]?.label).toBe("Usual (2.5 lb plates)")
    expect(await savedAs(running)).toEqual([lifterInput.userId, { unit: "lb", bar: null, smallest_plate: null }])
    running.actor.stop()
  })

  test("a save that failed keeps the values entered and is sent again as they are", async () => {
    const running = await loadedLifterForm(DEFAULT_PREFERENCES)
    running.actor.send({ type: "bar.pick", bar: 20 })
    running.actor.send({ type: "plate.pick", plate: 1.25 })
    await savedAs(running)
    running.answers.savePreferences.error(serverDown)
    await settleMicrotasks()
    const failed = selectPreferences(running.actor.getSnapshot())
    expect(failed.saveError).toBe(
      "Your units and plates were not saved. We couldn't reach the server. Check your connection and try again."
    )
    expect(failed.bar?.choices[failed.bar.selected]?.label).toBe("20 lb")
    expect(failed.plate?.choices[failed.plate.selected]?.label).toBe("1.25 lb")
    expect(await savedAs(running)).toEqual([lifterInput.userId, { unit: "lb", bar: 20, smallest_plate: 1.25 }])
    running.actor.stop()
  })
})
