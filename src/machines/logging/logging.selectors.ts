import type { ActorRefFrom, SnapshotFrom } from "xstate"
import { formatLongUsDate } from "#domain/calendar.ts"
import type { SetId } from "#domain/ids.ts"
import { describeRepsAtRir, type Rir } from "#domain/set-fields.ts"
import type { WorkoutRow } from "#domain/workout.ts"
import type { LoggingMachine } from "./logging.machine.ts"
import type { TimerActorRef } from "../timer/timer.selectors.ts"

/**
 * A set as reps at RIR (SPEC section 2). Coaches prescribe RPE; RIR is 10 - RPE at whole
 * steps (the convention the e1RM estimate uses too); a half-step RPE is shown as RPE.
 */
export const prescriptionText = (set: Pick<WorkoutRow, "reps" | "rir" | "rpe">): string => {
  const rir = set.rir ?? (set.rpe !== null && Number.isInteger(set.rpe) ? ((10 - set.rpe) as Rir) : null)
  const text = describeRepsAtRir(set.reps, rir)
  return rir === null && set.rpe !== null ? [text, `at RPE ${set.rpe}`].filter(Boolean).join(" ") : text
}

export type LoggingSnapshot = SnapshotFrom<LoggingMachine>
export type LoggingActorRef = ActorRefFrom<LoggingMachine>

export interface LoggingSetView {
  readonly id: SetId
  /** "Set 1" */
  readonly label: string
  /** The prescription, e.g. "5 reps at 2 RIR" (empty when none). */
  readonly prescription: string
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
              prescription: prescriptionText(set)
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
