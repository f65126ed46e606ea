/**
 * The demo link editor of the coach's day, walked by its model: every state and transition
 * (the guarded Save both ways), replayed on a running actor whose gateway the test answers.
 * The call is sent only with a real link (or null to take it away), once, for the exercise
 * opened; a failure says why and offers Try again; the day reads itself again exactly when
 * the server took the link.
 */
import { describe, expect, test } from "vitest"
import { createActor, initialTransition } from "xstate"
import { ExerciseNotFound } from "#domain/exercise-errors.ts"
import { exerciseDemoImplementations } from "#machines/exercise-demo/exercise-demo.actors.ts"
import { exerciseDemoMachine } from "#machines/exercise-demo/exercise-demo.machine.ts"
import { type ExerciseDemoSnapshot, selectExerciseDemo } from "#machines/exercise-demo/exercise-demo.selectors.ts"
import type { ExerciseDemoEvent } from "#machines/exercise-demo/exercise-demo.types.ts"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
import { leafOf, modelOf } from "./client-model-walk.ts"
import { deferredGateway, done, failure, oneCall, replayPath } from "./coach-stub-actors.ts"

type ModelEvent = ExerciseDemoEvent | ReturnType<typeof done> | ReturnType<typeof failure> | { readonly type: string }

const LINK = "https://videos.example.com/squat"
const serverDown = { _tag: "GatewayDefect", reason: "network", message: "The server could not be reached" }
const gone = new ExerciseNotFound({ error: "exerciseId: no exercise custom-9 in your library" })

const eventsFor = (snapshot: ExerciseDemoSnapshot): ReadonlyArray<ModelEvent> => [
  { type: "demo.edit", exerciseId: "back-squat", name: "Back Squat", url: null },
  { type: "demo.edit", exerciseId: "custom-9", name: "Sled Drag", url: LINK },
  { type: "demo.change", url: "not a link" },
  { type: "demo.change", url: ` ${LINK} ` },
  { type: "demo.save" },
  { type: "demo.remove" },
  { type: "demo.cancel" },
  { type: "demo.retry" },
  done("saveDemo", { exerciseId: snapshot.context.exerciseId, url: snapshot.context.draft?.trim() ?? null }),
  failure("saveDemo", snapshot.context.exerciseId === "custom-9" ? gone : serverDown)
]

const serialize = (snapshot: ExerciseDemoSnapshot) =>
  JSON.stringify([leafOf(snapshot), snapshot.context.exerciseId, snapshot.context.draft, snapshot.context.error])

const walk = modelOf<ExerciseDemoSnapshot, ModelEvent>(exerciseDemoMachine, {
  input: undefined,
  events: eventsFor,
  serialize
})

describe("the exercise demo machine's model", () => {
  test("reaches every state the machine declares", () => {
    expect(walk.reachedStates).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares, the guarded Save both ways", () => {
    expect(walk.untakenTransitions).toEqual([])
  })
})

function runningEditor() {
  const stubs = deferredGateway(["setExerciseDemo"])
  const day = { reads: 0 }
  const machine = exerciseDemoMachine.provide(
    exerciseDemoImplementations({ gateway: stubs.gateway, daySaved: () => (day.reads += 1) })
  )
  const actor = createActor(machine).start()
  return { stubs, day, actor, answers: { saveDemo: oneCall(stubs, "setExerciseDemo") } }
}

describe("a running demo editor, driven along the model", () => {
  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const { stubs, day, actor, answers } = runningEditor()
    const [initial] = initialTransition(exerciseDemoMachine, undefined)
    let saved = 0
    let before = actor.getSnapshot()
    await replayPath<ExerciseDemoSnapshot, ModelEvent>(initial, edge.path, actor, answers, (expected, event) => {
      const actual = actor.getSnapshot()
      expect(leafOf(actual)).toBe(leafOf(expected))
      expect(actual.context).toEqual(expected.context)
      const leaf = leafOf(actual)
      const view = selectExerciseDemo(actual)
      if (event?.type === "xstate.done.actor.saveDemo") saved += 1
      // One call while saving, for the exercise opened, with the trimmed link or null.
      expect(stubs.isWaitingFor("setExerciseDemo")).toBe(leaf === "saving")
      if (leaf === "saving")
        expect(stubs.argsOf("setExerciseDemo")).toEqual([
          { exerciseId: before.context.exerciseId, url: actual.context.draft === null ? null : LINK }
        ])
      if (leaf === "idle") expect(view).toEqual({ status: "idle" })
      else expect(view.status).toBe(leaf)
      if (leaf === "failed")
        expect(view.status !== "idle" && view.error).toBe(
          actual.context.exerciseId === "custom-9" ? gone.error : NETWORK_DOWN
        )
      if (leaf === "editing" && event?.type === "demo.save")
        expect(view.status !== "idle" && view.error).toBe(
          "The link must be an https:// address, like https://youtu.be/…"
        )
      // The day reads itself again only after the server took the link.
      expect(day.reads).toBe(saved)
      before = actual
    })
    actor.stop()
  })
})
