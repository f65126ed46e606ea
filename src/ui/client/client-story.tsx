import { useState } from "react"
import { createActor, fromPromise, type ActorRefFrom, type AnyStateMachine } from "xstate"
import { autosaveMachine } from "#machines/autosave/autosave.machine.ts"
import type { AutosaveActorRef } from "#machines/autosave/autosave.selectors.ts"
import type { AutosaveContext, LoggedValues, Restored, SendResult } from "#machines/autosave/autosave.types.ts"
import type { OutboxEntry } from "#domain/logging-outbox.ts"
import { clientScheduleMachine } from "#machines/client-schedule/client-schedule.machine.ts"
import type { Schedule, ScheduleContext, ScheduleRange } from "#machines/client-schedule/client-schedule.types.ts"
import type { GroupedWorkout } from "#domain/workout.ts"
import type { UserId } from "#domain/ids.ts"
import { workoutDayImplementations } from "#machines/workout-day/workout-day.actors.ts"
import { DAY_DATE } from "#machines/workout-day/workout-day.fixtures.ts"
import { workoutDayMachine } from "#machines/workout-day/workout-day.machine.ts"
import type { CopiedDay, CopiedRecord, DayRecord } from "#machines/workout-day/workout-day.types.ts"
import { registerStoryActor, toStateValue } from "#ui/story-actors.ts"

/*
 * Stories of the client area. Machines without children are seeded in one state with
 * `resolveState` (DESIGN section 4): nothing is invoked and no timer runs, so what a
 * story shows stays put. Machines that own a child (logging owns its timer) are started
 * from their input instead, with stubbed actors and a few events. Both register their
 * actor (#ui/story-actors.ts), so the check after every story can prove it shows the
 * state the story declares.
 */

/** An actor resting in a seeded state; it never invokes anything. */
export function useSeededActor<M extends AnyStateMachine>(
  machine: M,
  state: string,
  context: unknown
): ActorRefFrom<M> {
  const [actor] = useState(() => {
    const snapshot = machine.resolveState({ value: toStateValue(state), context })
    const created = createActor(machine, { snapshot, input: undefined })
    registerStoryActor(machine, created)
    created.start()
    return created as ActorRefFrom<M>
  })
  return actor
}

/** An actor started from its input, then sent some events. */
export function useStartedActor<M extends AnyStateMachine>(
  machine: M,
  input: unknown,
  events: ReadonlyArray<{ type: string }> = []
): ActorRefFrom<M> {
  const [actor] = useState(() => {
    const created = createActor(machine, { input: input as never })
    registerStoryActor(machine, created)
    created.start()
    for (const event of events) created.send(event as never)
    return created as ActorRefFrom<M>
  })
  return actor
}

const never = <T, I = unknown>() => fromPromise<T, I>(() => new Promise<T>(() => undefined))
const storyAutosave = autosaveMachine.provide({
  actors: {
    restore: never<Restored>(),
    sendEdits: never<ReadonlyArray<SendResult>, { entries: ReadonlyArray<OutboxEntry> }>()
  }
})

export function useSeededAutosave(state: string, context: Partial<AutosaveContext> = {}): AutosaveActorRef {
  return useSeededActor(storyAutosave, state, {
    values: {},
    pending: {},
    inFlight: [],
    rejected: [],
    version: 1,
    attempt: 0,
    ...context
  })
}

/** Autosave with some values already saved (for screens that are not about saving). */
export const savedValues = (values: Record<number, LoggedValues>) => ({ values })

const storySchedule = clientScheduleMachine.provide({ actors: { loadSchedule: never<Schedule, ScheduleRange>() } })

/** A schedule seeded in one state; no workout is done unless the story gives completions (null: unknown). */
export function useSeededSchedule(
  state: string,
  context: Omit<ScheduleContext, keyof Schedule | "asOf"> & Partial<Schedule> & { asOf?: number | null }
) {
  return useSeededActor(storySchedule, state, { workouts: [], results: [], completions: [], asOf: null, ...context })
}

/** How the day page's stubbed gateway answers: the day's workouts, and its completions and results. */
export interface DayAnswers {
  readonly day: "never" | "fails" | ReadonlyArray<GroupedWorkout>
  readonly record: "never" | "fails" | DayRecord
  /** The device copy's answers, when the gateway's fail (docs/decisions/027); none kept by default. */
  readonly copy?: {
    readonly day: "never" | CopiedDay | null
    readonly record: "never" | CopiedRecord | null
  }
}

const answer = <T,>(planned: "never" | "fails" | T): Promise<T> =>
  planned === "never"
    ? new Promise<T>(() => undefined)
    : planned === "fails"
      ? Promise.reject(new TypeError("Failed to fetch"))
      : Promise.resolve(planned)

/** The workout-day machine with its real wiring over a gateway that answers as planned (DAY_DATE only). */
export const storyWorkoutDay = ({ day, record, copy = { day: null, record: null } }: DayAnswers) =>
  workoutDayMachine.provide(
    workoutDayImplementations({
      clientId: 7 as UserId,
      copy: { day: () => answer(copy.day), record: () => answer(copy.record), keepRecord: () => undefined },
      gateway: {
        workoutByDate: async () => ({ data: { [DAY_DATE]: await answer(day) } }),
        workoutCompletions: async () => (await answer(record)).completions,
        workoutResults: async () => (await answer(record)).results
      }
    })
  )
