import type { WorkoutCompletion } from "#domain/completion.ts"
import type { SetId, UserId } from "#domain/ids.ts"
import type { GroupedWorkout, LoggedRows, RemovedSet, WorkoutRow } from "#domain/workout.ts"
import { daySetsOf } from "#domain/set-loads.ts"
import { loadReferencesImplementations } from "#machines/load-references/load-references.actors.ts"
import {
  kilograms,
  plannedReferencesPorts,
  pounds,
  recentResults,
  referencesInput,
  testedMaxes
} from "#machines/load-references/load-references.fixtures.ts"
import { loadReferencesMachine } from "#machines/load-references/load-references.machine.ts"
import { loggingImplementations } from "#machines/logging/logging.actors.ts"
import { loggingMachine } from "#machines/logging/logging.machine.ts"
import type { LoadsLayer } from "#machines/logging/logging.types.ts"
import { restTimerMachine } from "#machines/rest-timer/rest-timer.machine.ts"
import { timerMachine } from "#machines/timer/timer.machine.ts"
import { wakeLockImplementations } from "#machines/wake-lock/wake-lock.actors.ts"
import { wakeLockMachine } from "#machines/wake-lock/wake-lock.machine.ts"

/*
 * The day page's and the logging page's machines for stories: their own
 * `<name>Implementations` over stub ports, so a story runs the code the app runs.
 */

/** How the stubbed gateway answers: never (the call stays under way), with a failure, or with this. */
export type Answer<T> = "never" | "fails" | "offline" | { readonly with: T }

const answer = <T>(planned: Answer<T>): Promise<T> => {
  if (planned === "never") return new Promise<T>(() => undefined)
  if (planned === "fails") return Promise.reject(new Error("The server answered 500"))
  if (planned === "offline") return Promise.reject(new TypeError("Failed to fetch"))
  return Promise.resolve(planned.with)
}

/** What the logging page's gateway answers in a story; anything not given stays under way. */
export interface LoggingAnswers {
  readonly history?: Answer<LoggedRows>
  /** The worked-out loads' chunk: never in unless given. */
  readonly loads?: Answer<LoadsLayer>
  readonly addSet?: Answer<WorkoutRow>
  readonly removeSet?: Answer<RemovedSet>
  readonly complete?: Answer<WorkoutCompletion>
  /** Submit puts the completion in the outbox and the server does not answer: it waits on the phone. */
  readonly offlineOutbox?: boolean
}

const nothing = () => undefined

/**
 * The pager with its real wiring over a gateway that answers as planned; the timer is
 * the machine's own, whose ticker stays silent so the time shown stays put.
 */
export const storyLogging = (answers: LoggingAnswers = {}) => {
  const implementations = loggingImplementations({
    clientId: 7 as UserId,
    gateway: {
      workoutResults: () => answer(answers.history ?? "never"),
      addLoggedSet: () => answer(answers.addSet ?? "never"),
      removeLoggedSet: (setId: SetId) =>
        answer(answers.removeSet ?? "never").then((removed) => ({ ...removed, id: setId })),
      completeWorkout: (completion: WorkoutCompletion) => answer(answers.complete ?? "never").then(() => completion)
    },
    storeClock: nothing,
    clearWorkoutStarted: nothing,
    replaceScreen: nothing,
    showDashboard: nothing,
    forgetSet: nothing,
    openLoads: () => answer(answers.loads ?? "never"),
    ...(answers.offlineOutbox === true ? { submitCompletion: () => Promise.resolve(false) } : {})
  })
  return loggingMachine.provide({ ...implementations, actors: { ...implementations.actors, timer: timerMachine } })
}

/** The worked-out loads' chunk for the squat day: the 8 weeks and maxes of the load-references fixtures, in `unit`. */
export const storyLoadsLayer = (workout: GroupedWorkout, unit: "lb" | "kg" = "lb"): LoadsLayer => ({
  logic: loadReferencesMachine.provide(
    loadReferencesImplementations(
      plannedReferencesPorts({
        maxes: { with: testedMaxes },
        preferences: { with: unit === "lb" ? pounds : kilograms },
        results: { with: recentResults },
        day: daySetsOf([workout], () => undefined)
      })
    )
  ),
  input: referencesInput
})

/** The rest timer as the machine declares it: its ticker silent, its alerts no-ops. */
export const storyRestTimer = restTimerMachine

/** A wake lock on a browser without one: it says nothing. */
export const storyWakeLock = wakeLockMachine.provide(
  wakeLockImplementations({
    isSupported: () => false,
    request: () => new Promise(() => undefined),
    watchVisibility: () => nothing
  })
)
