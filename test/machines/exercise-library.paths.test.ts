/**
 * The builder's exercise combobox (docs/decisions/019) walked by its own model: every state reached
 * and every transition taken, then each walk replayed on a running machine with its real
 * implementations, whose gateway the test answers. At every step what the coach notices
 * must hold: the list is open only when the library is there, it offers 'Create' only for
 * a text no option is, the arrow keys stay on an option, a choice hands the builder an
 * exercise of the library (an added one included), Escape on a closed list clears the
 * text, and a failure (to load, or to add) leaves the typed text alone and says why.
 */
import { describe, expect, test } from "vitest"
import { createActor, initialTransition } from "xstate"
import type { LibraryExercise } from "#domain/exercises.ts"
import { exerciseLibraryImplementations } from "#machines/exercise-library/exercise-library.actors.ts"
import { fullLibrary } from "#machines/exercise-library/exercise-library.fixtures.ts"
import { exerciseLibraryMachine } from "#machines/exercise-library/exercise-library.machine.ts"
import {
  LIBRARY_FAILED,
  LIBRARY_LOADING,
  selectExerciseCombobox,
  type ExerciseLibrarySnapshot
} from "#machines/exercise-library/exercise-library.selectors.ts"
import type { ExerciseLibraryEvent } from "#machines/exercise-library/exercise-library.types.ts"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
import { leafOf, modelOf } from "./client-model-walk.ts"
import { deferredGateway, done, failure, oneCall, replayPath, settleMicrotasks } from "./coach-stub-actors.ts"

type ModelEvent = ExerciseLibraryEvent | ReturnType<typeof done> | ReturnType<typeof failure>

const serverDown = { _tag: "GatewayDefect", reason: "network", message: "The server could not be reached" }
const zercherLunge: LibraryExercise = {
  id: "custom-2",
  name: "Zercher Lunge",
  aliases: [],
  category: "other",
  equipment: "other",
  custom: true
}

// "squat" is an alias of Back Squat (no 'Create'), "Zercher Lunge" nothing's (only 'Create'), "  " blank.
const eventsFor = (): ReadonlyArray<ModelEvent> => [
  { type: "query.type", text: "squat" },
  { type: "query.type", text: "Zercher Lunge" },
  { type: "query.type", text: "  " },
  { type: "list.open", text: "squat" },
  { type: "list.open", text: "Zercher Lunge", last: true },
  { type: "option.next" },
  { type: "option.previous" },
  { type: "option.choose", index: 0 },
  { type: "option.choose", index: 99 },
  { type: "list.accept" },
  { type: "list.close" },
  { type: "list.escape" },
  { type: "library.retry" },
  done("loadLibrary", fullLibrary),
  failure("loadLibrary", serverDown),
  done("addExercise", zercherLunge),
  failure("addExercise", serverDown)
]

// What guards and the list depend on: the text, the active option, whether the add landed.
const serialize = (snapshot: ExerciseLibrarySnapshot): string =>
  JSON.stringify({
    state: leafOf(snapshot),
    query: snapshot.context.query,
    active: snapshot.context.active,
    added: snapshot.context.library.some((exercise) => exercise.id === zercherLunge.id)
  })

const walk = modelOf<ExerciseLibrarySnapshot, ModelEvent>(exerciseLibraryMachine, {
  input: undefined,
  events: eventsFor,
  serialize
})

describe("the exercise library machine's model", () => {
  test("reaches every state the machine declares", () => {
    expect(walk.reachedStates).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares, every guarded branch included", () => {
    expect(walk.untakenTransitions).toEqual([])
  })
})

/** The machine with its real implementations; the gateway waits for the test, the builder's side is recorded. */
function runningLibrary() {
  const stubs = deferredGateway(["exercises", "addExercise"])
  const builder = { chosen: [] as Array<LibraryExercise>, cleared: 0 }
  const machine = exerciseLibraryMachine.provide(
    exerciseLibraryImplementations({
      gateway: stubs.gateway,
      choose: (exercise) => builder.chosen.push(exercise),
      clearText: () => (builder.cleared += 1)
    })
  )
  const actor = createActor(machine).start()
  return {
    stubs,
    builder,
    actor,
    answers: { loadLibrary: oneCall(stubs, "exercises"), addExercise: oneCall(stubs, "addExercise") }
  }
}

describe("a running combobox, driven along the model", () => {
  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const { stubs, builder, actor, answers } = runningLibrary()
    const [initial] = initialTransition(exerciseLibraryMachine, undefined)
    let before = initial
    let chosenBefore = 0
    let clearedBefore = 0
    await replayPath<ExerciseLibrarySnapshot, ModelEvent>(initial, edge.path, actor, answers, (expected, event) => {
      const snapshot = actor.getSnapshot()
      const leaf = leafOf(snapshot)
      expect(leaf).toBe(leafOf(expected))
      expect(snapshot.context).toEqual(expected.context)
      const view = selectExerciseCombobox(snapshot)
      const { query, library } = snapshot.context

      // Loading and failing leave the text box free text, and say so.
      expect(view.notice).toBe(leaf === "loading" ? LIBRARY_LOADING : leaf === "failed" ? LIBRARY_FAILED : null)
      expect(view.canRetry).toBe(leaf === "failed")
      if (leaf === "loading") expect(stubs.isWaitingFor("exercises")).toBe(true)

      // The list shows only when open, at most 8 matches and then 'Create' for a text no option is.
      expect(view.expanded).toBe(leaf === "ready.open")
      if (view.expanded) {
        const matches = view.options.filter((option) => !option.create)
        expect(view.options.length).toBeGreaterThan(0)
        expect(matches.length).toBeLessThanOrEqual(8)
        const offersCreate = query === "Zercher Lunge" && !library.some((exercise) => exercise.id === zercherLunge.id)
        expect(view.options.map((option) => option.label)).toEqual(
          offersCreate
            ? [...matches.map((option) => option.label), 'Create "Zercher Lunge"']
            : matches.map((o) => o.label)
        )
        if (query === "squat") expect(view.options[0]?.label).toBe("Back Squat")
        // The arrow keys stay on an option of the list.
        if (view.activeIndex !== null) expect(view.options[view.activeIndex]).toBeDefined()
      } else expect([view.options, view.activeIndex]).toEqual([[], null])

      if (leaf === "ready.creating") {
        expect(view.creating).toBe(`Adding "${query.trim()}" to your exercises…`)
        expect(stubs.argsOf("addExercise")).toEqual([{ name: "Zercher Lunge" }])
      } else expect(view.creating).toBeNull()
      if (leaf === "ready.createFailed") {
        expect(view.createError).toBe(
          `"Zercher Lunge" was not added to your exercises. ${NETWORK_DOWN} The name stays as you typed it.`
        )
      } else expect(view.createError).toBeNull()

      // What the builder hears: a choice is an exercise the library holds, Escape on a closed list clears.
      const newlyChosen = builder.chosen.slice(chosenBefore)
      for (const exercise of newlyChosen) expect(library).toContainEqual(exercise)
      if (newlyChosen.length > 0) expect(leaf).toBe("ready.closed")
      if (event?.type === "xstate.done.actor.addExercise") expect(newlyChosen).toEqual([zercherLunge])
      const escapedClosed = event?.type === "list.escape" && !before.matches({ ready: "open" })
      expect(builder.cleared - clearedBefore).toBe(escapedClosed ? 1 : 0)

      before = snapshot
      chosenBefore = builder.chosen.length
      clearedBefore = builder.cleared
    })
    actor.stop()
  })
})

describe("what the combobox does with the keys (WAI-ARIA APG list autocomplete)", () => {
  const ready = async () => {
    const running = runningLibrary()
    await settleMicrotasks()
    running.answers.loadLibrary.done(fullLibrary)
    await settleMicrotasks()
    return running
  }

  test("ArrowDown opens on the first option and wraps from the last; ArrowUp opens on the last", async () => {
    const { actor } = await ready()
    actor.send({ type: "list.open", text: "squat" })
    expect(actor.getSnapshot().context.active).toBe(0)
    const count = selectExerciseCombobox(actor.getSnapshot()).options.length
    for (let i = 0; i < count; i++) actor.send({ type: "option.next" })
    expect(actor.getSnapshot().context.active).toBe(0)
    actor.send({ type: "list.close" })
    actor.send({ type: "list.open", text: "squat", last: true })
    expect(actor.getSnapshot().context.active).toBe(count - 1)
  })

  test("typing opens the list with no option active, so Enter keeps the typed text", async () => {
    const { actor, builder } = await ready()
    actor.send({ type: "query.type", text: "back sq" })
    expect(selectExerciseCombobox(actor.getSnapshot())).toMatchObject({ expanded: true, activeIndex: null })
    actor.send({ type: "list.accept" })
    expect(builder.chosen).toEqual([])
    expect(selectExerciseCombobox(actor.getSnapshot()).expanded).toBe(false)
  })

  test("an exercise the coach added is searched like the others from then on", async () => {
    const { actor, answers } = await ready()
    actor.send({ type: "query.type", text: "Zercher Lunge" })
    actor.send({ type: "option.next" })
    actor.send({ type: "list.accept" })
    await settleMicrotasks()
    answers.addExercise.done(zercherLunge)
    await settleMicrotasks()
    actor.send({ type: "query.type", text: "zercher l" })
    expect(selectExerciseCombobox(actor.getSnapshot()).options.map((option) => option.label)).toEqual([
      "Zercher Lunge",
      'Create "zercher l"'
    ])
    expect(selectExerciseCombobox(actor.getSnapshot()).options[0]?.detail).toBe("Other · Your exercise")
  })
})
