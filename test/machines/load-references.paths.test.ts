/**
 * A client's worked-out loads walked by their model: every state and transition (each
 * guarded branch of a load's answer included), replayed on a running actor with its real
 * implementations over reads the test answers and a screen the test logs on. Along every
 * walk a set shows the load from the client's max in their unit, a backoff follows the top
 * set as soon as it is logged, and a read that failed leaves its loads as percentages with
 * the reason and a retry, never a made-up number. The lifter's preferences are kept on their
 * device as the server answers them; a preferences read that never reached the server is
 * answered from that copy (their unit and plates offline), a refusal never is.
 */
import { describe, expect, test } from "vitest"
import { createActor, initialTransition, type AnyActorRef } from "xstate"
import { SetId } from "#domain/ids.ts"
import type { Preferences } from "#domain/preferences.ts"
import type { DaySet } from "#domain/set-loads.ts"
import { loadReferencesImplementations } from "#machines/load-references/load-references.actors.ts"
import {
  copiedKilograms,
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
import { lifterUnitOf } from "#machines/load-references/load-references.prefill.ts"
import type {
  CopiedPreferences,
  LoadReferencesEvent,
  LoadReferencesOutput,
  References
} from "#machines/load-references/load-references.types.ts"
import { leafOf, modelOf } from "./client-model-walk.ts"
import { done, failure, replayPath, settleMicrotasks, type ActorAnswer } from "./coach-stub-actors.ts"

type ModelEvent = LoadReferencesEvent | ReturnType<typeof done> | ReturnType<typeof failure>

const serverDown = { _tag: "GatewayDefect", reason: "network", message: "The server could not be reached" }
const refused = new Error("The server refused the read")
/** The gateway's network defect as a read rejects with it. */
const unreachableError = Object.assign(new Error(serverDown.message), serverDown)
/** The reads' answers; `unreachable`: the preferences read never reached the server. */
const answered = (references: References, unreachable = false): LoadReferencesOutput => ({
  ...references,
  preferencesUnreachable: unreachable
})
const every = answered(everyReference)
const withoutMaxes = answered({ ...everyReference, maxes: null })
const nothingRead = answered({ maxes: null, preferences: null, results: null })
/** Offline for the preferences only, and offline for everything. */
const preferencesOffline = answered({ ...everyReference, preferences: null }, true)
const allOffline = answered({ maxes: null, preferences: null, results: null }, true)
const topSetLogged = dayWithTopSet(performed(245, 5, 1))

const walk = modelOf<LoadReferencesSnapshot, ModelEvent>(loadReferencesMachine, {
  input: referencesInput,
  events: () => [
    done("loadReferences", every),
    done("loadReferences", withoutMaxes),
    done("loadReferences", nothingRead),
    done("loadReferences", preferencesOffline),
    done("loadReferences", allOffline),
    // The gateway itself failing: offline it answers "unreachable" (allOffline); otherwise the load fails.
    failure("loadReferences", refused),
    done("readCopiedPreferences", copiedKilograms),
    done("readCopiedPreferences", null),
    failure("readCopiedPreferences", new Error("IndexedDB is not available")),
    { type: "references.retry" },
    { type: "day.changed", day: topSetLogged },
    { type: "day.changed", day: freshDay }
  ],
  serialize: (snapshot) => {
    const { day, maxes, results, preferencesAsOf } = snapshot.context
    // What was read decides where a copy's answer leads: part of the state, for the walk.
    return JSON.stringify([
      leafOf(snapshot),
      day.filter((set) => set.done).length,
      maxes === null,
      results === null,
      preferencesAsOf
    ])
  }
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
  const loads: Array<{ resolve: (loaded?: unknown) => void; reject: (error: unknown) => void }> = []
  type Read = (...args: ReadonlyArray<unknown>) => Promise<unknown>
  let answering: { readonly maxes: Read; readonly preferences: Read; readonly workoutResults: Read } | undefined
  const answer =
    (name: "maxes" | "preferences" | "workoutResults") =>
    (...args: ReadonlyArray<unknown>) =>
      answering === undefined
        ? Promise.reject(new Error(`${name} was read before the test answered`))
        : answering[name](...args)
  const reads: Array<{ readonly name: string; readonly args: ReadonlyArray<unknown> }> = []
  const copyReads: Array<{ resolve: (copied: CopiedPreferences | null) => void; reject: (error: unknown) => void }> = []
  const kept: Array<Preferences> = []
  let report: ((day: ReadonlyArray<DaySet>) => void) | undefined
  const machine = loadReferencesMachine.provide(
    loadReferencesImplementations({
      // Each load waits for the gateway's code first; the test answers the reads once it is in, or fails it.
      gatewayLoaded: () => new Promise((resolve, reject) => void loads.push({ resolve, reject })),
      gateway: {
        maxes: answer("maxes"),
        preferences: answer("preferences"),
        workoutResults: answer("workoutResults")
      } as never,
      watchDay: (sendDay) => {
        report = sendDay
        sendDay(freshDay)
        return () => (report = undefined)
      },
      copy: {
        read: () => new Promise((resolve, reject) => void copyReads.push({ resolve, reject })),
        keep: (preferences) => void kept.push(preferences)
      }
    })
  )
  const actor = createActor(machine, { input: referencesInput }).start()
  const read =
    (name: string, value: unknown, unreachable = false) =>
    (...args: ReadonlyArray<unknown>) => {
      reads.push({ name, args })
      return value === null ? Promise.reject(unreachable ? unreachableError : refused) : Promise.resolve(value)
    }
  const loadReferences: ActorAnswer = {
    done: (output) => {
      const { maxes, preferences, results, preferencesUnreachable } = output as LoadReferencesOutput
      answering = {
        maxes: read("maxes", maxes),
        preferences: read("preferences", preferences, preferencesUnreachable),
        workoutResults: read("workoutResults", results)
      }
      loads.at(-1)?.resolve()
    },
    error: (error) => loads.at(-1)?.reject(error)
  }
  const readCopiedPreferences: ActorAnswer = {
    done: (output) => copyReads.at(-1)?.resolve(output as CopiedPreferences | null),
    error: (error) => copyReads.at(-1)?.reject(error)
  }
  // The screen: a day change is logged there and reported through the watch, like the page does.
  const screen = {
    send: (event: ModelEvent) => {
      if (event.type === "day.changed") report?.(event.day)
      else actor.send(event as LoadReferencesEvent)
    }
  }
  return { actor, loads, reads, copyReads, kept, screen, answers: { loadReferences, readCopiedPreferences } }
}

/** The snapshot as the screens read it, through an actor. */
const snapshotRef = (snapshot: LoadReferencesSnapshot) =>
  ({ getSnapshot: () => snapshot }) as unknown as Parameters<typeof lifterUnitOf>[0]

const loadOf = (snapshot: LoadReferencesSnapshot, id: number) => selectSetLoad(snapshot, SetId.make(id)).load

function expectWhatTheLifterSees(snapshot: LoadReferencesSnapshot) {
  const status = selectReferencesStatus(snapshot)
  const view = selectSetLoad(snapshot, SetId.make(SET.squat))
  // Reading the device copy is still loading, as far as the lifter can tell.
  expect(view.status).toBe(leafOf(snapshot) === "readingCopy" ? "loading" : leafOf(snapshot))
  // A retry is offered exactly when a read failed.
  expect(view.canRetry).toBe(status === "partial" || status === "failed")
  const topSet = snapshot.context.day.some((set) => set.done !== undefined)
  if (status === "loading") return
  const { maxes, preferences, results, preferencesAsOf } = snapshot.context
  // Offline, the preferences are the device copy's (a lifter in kilograms), and say when they were kept.
  expect(preferencesAsOf === null ? preferences?.unit : preferences).toEqual(
    preferencesAsOf === null ? (preferences === null ? undefined : "lb") : copiedKilograms.preferences
  )
  expect(preferencesAsOf === null || preferencesAsOf === copiedKilograms.asOf).toBe(true)
  expect(lifterUnitOf(snapshotRef(snapshot))).toBe(preferences?.unit ?? null)
  // The overhead press the coach wrote as 95 lb: in the lifter's own unit and plates (43.1 kg is 42.5).
  if (preferences !== null)
    expect(loadOf(snapshot, SET.written)).toMatchObject({
      kind: "load",
      load: preferences.unit === "kg" ? "42.5 kg" : "95 lbs"
    })
  if (preferences?.unit === "kg") return
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
    let copiesRead = 0
    let wasReadingCopy = false
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
        // The copy is read only when the server could not be reached, and keeps only what the server answered.
        if (actual.matches("readingCopy") && !wasReadingCopy) copiesRead++
        wasReadingCopy = actual.matches("readingCopy")
        expect(running.copyReads.length).toBe(copiesRead)
        expect(running.kept.every((preferences) => preferences === everyReference.preferences)).toBe(true)
        if (actual.context.preferences !== null && actual.context.preferencesAsOf === null)
          expect(running.kept.length).toBeGreaterThan(0)
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
    running.answers.loadReferences.done(every)
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

describe("offline, the lifter's unit from their device copy", () => {
  test("a gateway that cannot be reached at all reads the copy, and loads are worked out in the copy's unit", async () => {
    const running = runningReferences()
    await settleMicrotasks()
    running.loads.at(-1)?.reject(new TypeError("Failed to fetch dynamically imported module"))
    await settleMicrotasks()
    expect(running.actor.getSnapshot().value).toBe("readingCopy")
    expect(running.copyReads).toHaveLength(1)
    running.answers.readCopiedPreferences.done(copiedKilograms)
    await settleMicrotasks()
    const snapshot = running.actor.getSnapshot()
    expect(snapshot.value).toBe("partial")
    expect(snapshot.context.preferencesAsOf).toBe(copiedKilograms.asOf)
    expect(loadOf(snapshot, SET.written)).toMatchObject({ kind: "load", load: "42.5 kg" })
    // Nothing the copy said is written back as if the server had said it.
    expect(running.kept).toEqual([])
    running.actor.stop()
  })
})
