/**
 * The day's workout walked by its own model: carried in route state or fetched, every
 * state and transition (the eventless "carried" branch included), replayed on a running
 * actor built with `workoutDayImplementations` over a scripted gateway, checking what the
 * day page and the logging page read: the status, the workout and which one of the day it is.
 */
import { describe, expect, test } from "vitest"
import { createActor } from "xstate"
import type { IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import type { GroupedWorkout } from "#domain/workout.ts"
import { FIXTURE_DATE, fixtureWorkout } from "#machines/logging/logging.fixtures.ts"
import { workoutDayImplementations } from "#machines/workout-day/workout-day.actors.ts"
import { workoutDayMachine } from "#machines/workout-day/workout-day.machine.ts"
import { selectWorkoutDay, type WorkoutDaySnapshot } from "#machines/workout-day/workout-day.selectors.ts"
import type { WorkoutDayEvent, WorkoutDayInput } from "#machines/workout-day/workout-day.types.ts"
import { combinedCoverage, modelOf } from "./client-model-walk.ts"

const CLIENT = 7 as UserId

type ModelEvent =
  | WorkoutDayEvent
  | { readonly type: "xstate.done.actor.fetchWorkout"; readonly output: GroupedWorkout | null }
  | { readonly type: "xstate.error.actor.fetchWorkout"; readonly error: unknown }

const inputs: Record<string, WorkoutDayInput> = {
  "opened from the calendar": { date: FIXTURE_DATE, carried: { workout: fixtureWorkout, index: 1 } },
  "opened by its address": { date: FIXTURE_DATE, carried: {} }
}

const events: ReadonlyArray<ModelEvent> = [
  { type: "workout.retry" },
  { type: "xstate.done.actor.fetchWorkout", output: fixtureWorkout },
  { type: "xstate.done.actor.fetchWorkout", output: null },
  { type: "xstate.error.actor.fetchWorkout", error: new TypeError("Failed to fetch") }
]

const models = Object.entries(inputs).map(([name, input]) => ({
  name,
  input,
  walk: modelOf<WorkoutDaySnapshot, ModelEvent>(workoutDayMachine, {
    input,
    events: () => events,
    serialize: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.workout !== null])
  })
}))

describe("the workout-day machine's model", () => {
  const coverage = combinedCoverage(models.map((m) => m.walk))
  test("reaches every state the machine declares", () => {
    expect(coverage.unreached).toEqual([])
  })

  test("takes every transition the machine declares, eventless and guarded branches included", () => {
    expect(coverage.untaken).toEqual([])
  })
})

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

function startDay(input: WorkoutDayInput) {
  const fetches: Array<{
    date: IsoDate
    resolve: (w: GroupedWorkout | null) => void
    reject: (e: unknown) => void
  }> = []
  const gateway = {
    workoutByDate: (clientId: UserId, date: IsoDate) => {
      expect(clientId).toBe(CLIENT)
      return new Promise<{ data: Record<string, ReadonlyArray<GroupedWorkout>> }>((resolve, reject) =>
        fetches.push({
          date,
          resolve: (workout) => resolve({ data: workout === null ? {} : { [date]: [workout] } }),
          reject
        })
      )
    }
  }
  const actor = createActor(
    workoutDayMachine.provide(
      workoutDayImplementations({ clientId: CLIENT, gateway: () => Promise.resolve(gateway as never) })
    ),
    { input }
  ).start()
  return { actor, fetches }
}

describe("a running workout day, driven along the model", () => {
  const walks = models.flatMap((m) =>
    m.walk.walksForEveryTransition.map((edge) => [`${m.name}: ${edge.name}`, m, edge] as const)
  )

  test.each(walks)("%s", async (_, m, edge) => {
    const run = startDay(m.input)
    await flush()
    await m.walk.model.testPath(edge.path, {
      events: new Proxy(
        {},
        {
          get:
            () =>
            async ({ event }: { event: ModelEvent }) => {
              if (event.type === "xstate.done.actor.fetchWorkout") run.fetches.at(-1)?.resolve(event.output)
              else if (event.type === "xstate.error.actor.fetchWorkout") run.fetches.at(-1)?.reject(event.error)
              else run.actor.send(event)
              await flush()
              await flush()
            }
        }
      ),
      states: {
        "*": (expected) => {
          const snapshot = run.actor.getSnapshot()
          expect(snapshot.value).toEqual(expected.value)
          const view = selectWorkoutDay(snapshot)
          expect(view.dateText).toBe("Monday, January 5, 2026")
          // A carried workout is shown at once: nothing is fetched for it.
          if (m.input.carried.workout !== undefined) expect(run.fetches).toEqual([])
          if (view.status === "loading") expect(run.fetches.at(-1)?.date).toBe(FIXTURE_DATE)
          if (view.status === "ready") {
            expect(view.workout).toBe(fixtureWorkout)
            expect(view.index).toBe(m.input.carried.workout === undefined ? 0 : m.input.carried.index)
          }
        }
      }
    })
    run.actor.stop()
  })
})

describe("opening a day's workout", () => {
  test("the calendar's workout and its place in the day are shown without a fetch", () => {
    const { actor, fetches } = startDay({ date: FIXTURE_DATE, carried: { workout: fixtureWorkout, index: 1 } })
    expect(selectWorkoutDay(actor.getSnapshot())).toMatchObject({ status: "ready", index: 1, routeDate: "01-05-2026" })
    expect(fetches).toEqual([])
  })

  test("by its address, the date's first workout is fetched; a failed fetch can be tried again", async () => {
    const { actor, fetches } = startDay({ date: FIXTURE_DATE, carried: {} })
    await flush()
    expect(selectWorkoutDay(actor.getSnapshot()).status).toBe("loading")
    fetches[0]?.reject(new TypeError("Failed to fetch"))
    await flush()
    expect(selectWorkoutDay(actor.getSnapshot()).status).toBe("failed")
    actor.send({ type: "workout.retry" })
    await flush()
    fetches[1]?.resolve(null)
    await flush()
    expect(selectWorkoutDay(actor.getSnapshot()).status).toBe("none")
  })

  test("an index carried without its workout does not count: a fetched workout is the day's first", async () => {
    const { actor, fetches } = startDay({ date: FIXTURE_DATE, carried: { index: 2 } })
    await flush()
    fetches[0]?.resolve(fixtureWorkout)
    await flush()
    expect(selectWorkoutDay(actor.getSnapshot())).toMatchObject({ status: "ready", index: 0 })
  })
})
