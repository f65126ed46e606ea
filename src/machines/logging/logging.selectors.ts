import type { ActorRefFrom, SnapshotFrom } from "xstate"
import { formatLongUsDate } from "#domain/calendar.ts"
import type { SetId } from "#domain/ids.ts"
import type { ExerciseHistory } from "#domain/history.ts"
import { prefilledSet, prescriptionText, type PrefilledSet } from "#domain/prescription.ts"
import type { LoggingMachine } from "./logging.machine.ts"
import type { TimerActorRef } from "../timer/timer.selectors.ts"

export type LoggingSnapshot = SnapshotFrom<LoggingMachine>
export type LoggingActorRef = ActorRefFrom<LoggingMachine>

export interface LoggingSetView {
  readonly id: SetId
  /** "Set 1" */
  readonly label: string
  /** The whole prescription, e.g. "275 lbs × 5 reps at 2 RIR · AMSAP: as many sets as possible" (empty when none). */
  readonly prescription: string
  /** What the fields start with: the prescription (docs/decisions/016). */
  readonly prefill: PrefilledSet
  /** "last time: 265 × 5", when the lifter did this exercise before. */
  readonly lastTime: string | undefined
  /** The lifter's earlier results of this exercise (personal records are measured against it). */
  readonly history: ExerciseHistory | undefined
  /** The lifter added this set while logging. */
  readonly added: boolean
  /** Only an added set can be removed (a prescribed one can be skipped). */
  readonly removable: boolean
}

export interface LoggingExerciseView {
  readonly name: string
  /** "Exercise 2 of 3" */
  readonly position: string
  readonly sets: ReadonlyArray<LoggingSetView>
}

export interface SubmittedLoggingView {
  readonly status: "submitted"
  readonly dateText: string
}

export type LoggingView = SubmittedLoggingView | ActiveLoggingView

export interface ActiveLoggingView {
  readonly status: "exercise" | "summary"
  readonly dateText: string
  readonly screen: number
  readonly exercise: LoggingExerciseView | null
  readonly exerciseNames: ReadonlyArray<string>
  /** SPEC section 4: back hidden on the first screen, forward hidden on the last. */
  readonly canGoBack: boolean
  readonly canGoForward: boolean
  /** 'Resume Workout' is hidden on screen 0. */
  readonly canResume: boolean
}

export const isActiveView = (view: LoggingView): view is ActiveLoggingView =>
  view.status === "exercise" || view.status === "summary"

export const selectLoggingView = (snapshot: LoggingSnapshot): LoggingView => {
  const { context } = snapshot
  const dateText = formatLongUsDate(context.date)
  if (snapshot.matches("submitted")) return { status: "submitted", dateText }
  const exercises = context.workout.exercises
  const current = exercises[context.screen]
  const onSummary = snapshot.matches({ active: "summary" })
  return {
    status: onSummary ? "summary" : "exercise",
    dateText,
    screen: context.screen,
    exercise:
      onSummary || current === undefined
        ? null
        : {
            name: current.name,
            position: `Exercise ${context.screen + 1} of ${exercises.length}`,
            sets: current.sets.map((set, index) => ({
              id: set.id,
              label: `Set ${index + 1}`,
              prescription: prescriptionText(set),
              prefill: prefilledSet(set),
              lastTime: undefined,
              history: undefined,
              added: set.added,
              removable: set.added
            }))
          },
    exerciseNames: exercises.map((e) => e.name),
    // The machine's guards decide; the view only asks whether the event would be taken.
    canGoBack: snapshot.can({ type: "page.previous" }),
    canGoForward: snapshot.can({ type: "page.next" }),
    canResume: snapshot.can({ type: "workout.resume", at: context.now })
  }
}

/** The running workout's timer, while there is one. */
export const selectTimerRef = (snapshot: LoggingSnapshot): TimerActorRef | undefined => snapshot.children.timer
