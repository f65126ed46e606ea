/**
 * A client's worked-out loads walked by their model: every state and transition (each
 * guarded branch of a load's answer included), replayed on a running actor with its real
 * implementations over reads the test answers and a screen the test logs on. Along every
 * walk a set shows the load from the client's max in their unit, a backoff follows the top
 * set as soon as it is logged, and a read that failed leaves its loads as percentages with
 * the reason and a retry, never a made-up number.
 */
import { describe, expect, test } from "vitest"
import { createActor, initialTransition, type AnyActorRef } from "xstate"
import { SetId } from "#domain/ids.ts"
import type { DaySet } from "#domain/set-loads.ts"
import { loadReferencesImplementations } from "#machines/load-references/load-references.actors.ts"
import {
  dayWithTopSet,
  everyReference,
  freshDay,
  performed,
  referencesInput,
  SET
} from "#machines/load-references/load-references.fixtures.ts"
import { loadReferencesMachine } from "#machines/load-references/load-references.machine.ts"
import {
  selectReferencesStatus,
  selectSetLoad,
  type LoadReferencesSnapshot
} from "#machines/load-references/load-references.selectors.ts"
import type { LoadReferencesEvent, References } from "#machines/load-references/load-references.types.ts"
import { leafOf, modelOf } from "./client-model-walk.ts"
import { done, failure, replayPath, settleMicrotasks, type ActorAnswer } from "./coach-stub-actors.ts"

type ModelEvent = LoadReferencesEvent | ReturnType<typeof done> | ReturnType<typeof failure>

const serverDown = { _tag: "GatewayDefect", reason: "network", message: "The server could not be reached" }
const withoutMaxes: References = { ...everyReference, maxes: null }
const nothingRead: References = { maxes: null, preferences: null, results: null }
const topSetLogged = dayWithTopSet(performed(245, 5, 1))

const walk = modelOf<LoadReferencesSnapshot, ModelEvent>(loadReferencesMachine, {
  input: referencesInput,
  events: () => [
    done("loadReferences", everyReference),
    done("loadReferences", withoutMaxes),
    done("loadReferences", nothingRead),
    failure("loadReferences", serverDown),
    { type: "references.retry" },
    { type: "day.changed", day: topSetLogged },
    { type: "day.changed", day: freshDay }
  ],
  serialize: (snapshot) => `${leafOf(snapshot)} ${snapshot.context.day.filter((set) => set.done).length}`
})

describe("the load references machine's model", () => {
  test("reaches every state the machine declares", () => {
    expect(walk.reachedStates).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares, each guarded branch included", () => {
    expect(walk.untakenTransitions).toEqual([])
  })
})

/** The machine with its real implementation: the reads wait for the test, the screen logs when the test says. */
function runningReferences() {
  const loads: Array<{ resolve: (gateway: never) => void; reject: (error: unknown) => void }> = []
  const reads: Array<{ readonly name: string; readonly args: ReadonlyArray<unknown> }> = []
  let report: ((day: ReadonlyArray<DaySet>) => void) | undefined
  const machine = loadReferencesMachine.provide(
    loadReferencesImplementations({
      // Each load asks for the gateway first; the test answers the reads through it, or fails it.
      gateway: () => new Promise((resolve, reject) => void loads.push({ resolve, reject })),
      watchDay: (sendDay) => {
        report = sendDay
        sendDay(freshDay)
        return () => (report = undefined)
      }
    })
  )
  const actor = createActor(machine, { input: referencesInput }).start()
  const read =
    (name: string, value: unknown) =>
    (...args: ReadonlyArray<unknown>) => {
      reads.push({ name, args })
      return value === null ? Promise.reject(new Error(serverDown.message)) : Promise.resolve(value)
    }
  const loadReferences: ActorAnswer = {
    done: (output) => {
      const { maxes, preferences, results } = output as References
      loads.at(-1)?.resolve({
        maxes: read("maxes", maxes),
        preferences: read("preferences", preferences),
        workoutResults: read("workoutResults", results)
      } as never)
    },
    error: (error) => loads.at(-1)?.reject(error)
  }
  // The screen: a day change is logged there and reported through the watch, like the page does.
  const screen = {
    send: (event: ModelEvent) => {
      if (event.type === "day.changed") report?.(event.day)
      else actor.send(event as LoadReferencesEvent)
    }
  }
  return { actor, loads, reads, screen, answers: { loadReferences } }
}

const loadOf = (snapshot: LoadReferencesSnapshot, id: number) => selectSetLoad(snapshot, SetId.make(id)).load

function expectWhatTheLifterSees(snapshot: LoadReferencesSnapshot) {
  const status = selectReferencesStatus(snapshot)
  const view = selectSetLoad(snapshot, SetId.make(SET.squat))
  expect(view.status).toBe(leafOf(snapshot))
  // A retry is offered exactly when a read failed.
  expect(view.canRetry).toBe(status === "partial" || status === "failed")
  const topSet = snapshot.context.day.some((set) => set.done !== undefined)
  if (status === "loading") return
  const { maxes, preferences, results } = snapshot.context
  // The squat's 75% of a 315 lb max, on a 45 lb bar: 236.25 is 235, two 45s and a 5 a side.
  expect(loadOf(snapshot, SET.squat)).toEqual(
    preferences === null
      ? { kind: "percent-only", percent: "75% of max", reason: "couldn't load your plates" }
      : maxes === null
        ? { kind: "percent-only", percent: "75% of max", reason: "couldn't load your maxes" }
        : { kind: "load", load: "235 lbs", source: "75% of max", plates: "2 × 45 + 5 per side", belowBar: false }
  )
  // The backoff follows the top set logged (245 less 10% is 220.5: 220), and waits for it.
  expect(loadOf(snapshot, SET.backoff)).toEqual(
    preferences === null
      ? { kind: "percent-only", percent: "10% backoff", reason: "couldn't load your plates" }
      : topSet
        ? {
            kind: "load",
            load: "220 lbs",
            source: "10% backoff",
            plates: "45 + 35 + 5 + 2.5 per side",
            belowBar: false
          }
        : { kind: "percent-only", percent: "10% backoff", reason: "log your top set first" }
  )
  if (preferences !== null && results !== null)
    expect(loadOf(snapshot, SET.bench)).toMatchObject({ kind: "load", load: "210 lbs", source: "75% of e1RM" })
  // No max for the deadlift: its percentage and why, never a number.
  if (preferences !== null && maxes !== null)
    expect(loadOf(snapshot, SET.deadlift)).toEqual({
      kind: "percent-only",
      percent: "80% of max",
      reason: "no tested max yet"
    })
}

describe("a running load references machine, driven along the model", () => {
  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const running = runningReferences()
    const { actor } = running
    const [initial] = initialTransition(loadReferencesMachine, referencesInput)
    let loadsStarted = 0
    let wasLoading = false
    await replayPath<LoadReferencesSnapshot, ModelEvent>(
      initial,
      edge.path,
      running.screen as unknown as AnyActorRef,
      running.answers,
      (expected) => {
        const actual = actor.getSnapshot()
        expect(leafOf(actual)).toBe(leafOf(expected))
        // The screen reports its day as the machine starts (the model starts with none).
        expect(actual.context.day).toEqual(expected.context.day.length === 0 ? freshDay : expected.context.day)
        // Each load reads once more: the client's maxes, preferences and the 8 weeks before the day.
        const answered = running.reads.length / 3
        expect(running.reads.slice(0, 3)).toEqual(
          answered === 0
            ? []
            : [
                { name: "maxes", args: [7] },
                { name: "preferences", args: [7] },
                { name: "workoutResults", args: [7, { from: "2026-01-05", to: "2026-03-01" }] }
              ]
        )
        expect(Number.isInteger(answered)).toBe(true)
        // Entering loading asks for the reads once more; nothing else does.
        if (actual.matches("loading") && !wasLoading) loadsStarted++
        wasLoading = actual.matches("loading")
        expect(running.loads.length).toBe(loadsStarted)
        expectWhatTheLifterSees(actual)
      }
    )
    actor.stop()
  })
})

describe("a backoff follows the day as it is logged", () => {
  test("its load appears once the top set is logged and changes with it, with no read in between", async () => {
    const running = runningReferences()
    await settleMicrotasks()
    running.answers.loadReferences.done(everyReference)
    await settleMicrotasks()
    const backoff = () => loadOf(running.actor.getSnapshot(), SET.backoff)
    expect(backoff()).toMatchObject({ kind: "percent-only", reason: "log your top set first" })
    running.screen.send({ type: "day.changed", day: topSetLogged })
    expect(backoff()).toMatchObject({ kind: "load", load: "220 lbs" })
    // 255 less 10% is 229.5: nearer 230 than 225.
    running.screen.send({ type: "day.changed", day: dayWithTopSet(performed(255, 3, 0)) })
    expect(backoff()).toMatchObject({ kind: "load", load: "230 lbs" })
    // A top set logged in kilograms is converted, then rounded to the lifter's pounds: 110 kg is 242.5 lb, less 10% 218.3.
    running.screen.send({ type: "day.changed", day: dayWithTopSet(performed(110, 5, 1, "kg")) })
    expect(backoff()).toMatchObject({ kind: "load", load: "220 lbs" })
    expect(running.loads).toHaveLength(1)
    running.actor.stop()
  })
})
