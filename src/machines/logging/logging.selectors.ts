import type { ActorRefFrom, SnapshotFrom } from "xstate"
import { formatLongUsDate } from "#domain/calendar.ts"
import type { SetId } from "#domain/ids.ts"
import type { ExerciseHistory } from "#domain/history.ts"
import { prefilledSet, prescriptionText } from "#domain/prescription.ts"
import { tempoAndRestText } from "#domain/exercise-details.ts"
import type { GroupedWorkout } from "#domain/workout.ts"
import { labelledName, memberLabel, type WorkoutPage, workoutPages } from "#domain/workout-pages.ts"
import type { SetBase } from "../autosave/autosave.types.ts"
import type { LoadReferencesActorRef } from "../load-references/load-references.selectors.ts"
import type { LoggingMachine } from "./logging.machine.ts"
import type { TimerActorRef } from "../timer/timer.selectors.ts"

export type LoggingSnapshot = SnapshotFrom<LoggingMachine>
export type LoggingActorRef = ActorRefFrom<LoggingMachine>

export interface LoggingSetView {
  readonly id: SetId
  /** "Set 1"; "A1 Pull-up, set 1" on a superset's page, where several exercises take turns. */
  readonly label: string
  /** The whole prescription, e.g. "275 lbs × 5 reps at 2 RIR · AMSAP: as many sets as possible" (empty when none). */
  readonly prescription: string
  /**
   * What the fields start with: the prescription (docs/decisions/016), its weight in the
   * unit the coach wrote it in (`unit`). The set logger shows it in the lifter's unit once
   * that is known, and the worked-out load takes the weight's place once known; the coach's
   * unit is never taken for the lifter's (docs/decisions/039-done-means-done.md).
   */
  readonly prefill: SetBase
  /** Where the set is in its exercise (zero-based): "last time" is the same set of the last time. */
  readonly index: number
  /**
   * The lifter's earlier results of this exercise, once read: "last time: 265 × 5" and
   * personal records are measured against it (#domain/history.ts, its own chunk).
   */
  readonly history: ExerciseHistory | undefined
  /** The lifter added this set while logging. */
  readonly added: boolean
  /** Only an added set can be removed (a prescribed one can be skipped). */
  readonly removable: boolean
  /** The coach's rest after this set, which the rest timer starts from; null: the lifter's own. */
  readonly restSeconds: number | null
}

/** What the coach prescribed for one exercise of the page beyond its sets. */
export interface ExerciseCoachingView {
  /** "A1 Pull-up", or the exercise's name on a page of one. */
  readonly name: string
  /** "Tempo 31X0 · Rest 1:30 min", or "". */
  readonly tempoAndRest: string
  readonly note: string | null
  /** The coach's demo video for the exercise, opened in a new tab. */
  readonly demoUrl: string | null
}

export interface AddSetView {
  /** "Add set", or "Add another set" after an AMSAP set. */
  readonly label: string
  /** The exercise's last set: the new one follows it and copies its prescription. */
  readonly afterSetId: SetId
  /** Off while another change is under way, or at the exercise's cap of sets. */
  readonly enabled: boolean
}

/** One page of the pager: an exercise, or a superset's exercises taking turns (#domain/workout-pages.ts). */
export interface LoggingExerciseView {
  /** The exercise's name, or "Superset A: Pull-up and Dip". */
  readonly name: string
  /** The superset's letter on its page, null on a page of one exercise. */
  readonly superset: string | null
  /** "Exercise 2 of 3", or "Exercises 1–2 of 3" on a superset's page. */
  readonly position: string
  readonly sets: ReadonlyArray<LoggingSetView>
  /** Only on a page of one exercise: a superset's rounds are what the coach wrote. */
  readonly addSet: AddSetView | null
  /** Exercises of the page with a tempo, rest, note or demo, in order. */
  readonly coaching: ReadonlyArray<ExerciseCoachingView>
}

export interface SubmittedLoggingView {
  readonly status: "submitted"
  readonly dateText: string
}

/**
 * Where the summary is: reading it, asked to confirm sets not logged, sending, the send
 * failed, or the completion waits on the device (offline) and is not yet on the server.
 */
export type SummaryStep = "reviewing" | "confirming" | "submitting" | "submitFailed" | "queued"

export interface SetChangeView {
  /** "Adding a set…" / "Removing the set…" while the server answers. */
  readonly busyText: string | null
  /** Why the last add or remove failed (with Try again and Dismiss). */
  readonly failure: string | null
}

export interface ActiveLoggingView {
  readonly status: "exercise" | "summary"
  readonly summaryStep: SummaryStep | null
  readonly dateText: string
  readonly screen: number
  readonly exercise: LoggingExerciseView | null
  readonly exerciseNames: ReadonlyArray<string>
  /** docs/product.md: back hidden on the first screen, forward hidden on the last. */
  readonly canGoBack: boolean
  readonly canGoForward: boolean
  /** 'Resume Workout' is hidden on screen 0. */
  readonly canResume: boolean
  readonly setChange: SetChangeView
  /** "Submit with 2 sets not logged?" while asking. */
  readonly confirmText: string | null
  readonly submitFailure: string | null
}

export type LoggingView = SubmittedLoggingView | ActiveLoggingView

export const isActiveView = (view: LoggingView): view is ActiveLoggingView => view.status !== "submitted"

const summaryStepOf = (snapshot: LoggingSnapshot): SummaryStep | null => {
  if (snapshot.matches({ active: { pager: "submitting" } })) return "submitting"
  if (snapshot.matches({ active: { pager: { summary: "confirming" } } })) return "confirming"
  if (snapshot.matches({ active: { pager: { summary: "submitFailed" } } })) return "submitFailed"
  if (snapshot.matches({ active: { pager: { summary: "queued" } } })) return "queued"
  if (snapshot.matches({ active: { pager: { summary: "reviewing" } } })) return "reviewing"
  return null
}

const setChangeOf = (snapshot: LoggingSnapshot): SetChangeView => ({
  busyText: snapshot.matches({ active: { sets: "adding" } })
    ? "Adding a set…"
    : snapshot.matches({ active: { sets: "removing" } })
      ? "Removing the set…"
      : null,
  failure: snapshot.context.setChangeFailure
})

const pageName = (page: WorkoutPage): string =>
  page.superset === null
    ? (page.exercises[0]?.name ?? "")
    : `Superset ${page.superset}: ${listed(page.exercises.map((exercise) => exercise.name))}`

const listed = (names: ReadonlyArray<string>): string =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1) ?? ""}`

const positionOf = (page: WorkoutPage, count: number): string =>
  page.exercises.length === 1
    ? `Exercise ${page.firstExercise + 1} of ${count}`
    : `Exercises ${page.firstExercise + 1}–${page.firstExercise + page.exercises.length} of ${count}`

const coachingOf = (page: WorkoutPage): ReadonlyArray<ExerciseCoachingView> =>
  page.exercises.flatMap((exercise, member) => {
    const tempoAndRest = tempoAndRestText(exercise)
    if (tempoAndRest === "" && exercise.note === undefined && exercise.demo_url === undefined) return []
    const name = labelledName(page.superset === null ? null : memberLabel(page.superset, member), exercise.name)
    return [{ name, tempoAndRest, note: exercise.note ?? null, demoUrl: exercise.demo_url ?? null }]
  })

const addSetOf = (snapshot: LoggingSnapshot, page: WorkoutPage): AddSetView | null => {
  const last = page.superset === null ? page.exercises[0]?.sets.at(-1) : undefined
  return last === undefined
    ? null
    : {
        label: last.amsap ? "Add another set" : "Add set",
        afterSetId: last.id,
        // The guard reads only where the set goes; the key is made when the button is pressed.
        enabled: snapshot.can({ type: "set.add", afterSetId: last.id, idempotencyKey: "key-not-read-by-guard" })
      }
}

const pageView = (snapshot: LoggingSnapshot, page: WorkoutPage, exerciseCount: number): LoggingExerciseView => ({
  name: pageName(page),
  superset: page.superset,
  position: positionOf(page, exerciseCount),
  sets: page.sets.map(({ exercise, set, setIndex, label }) => ({
    id: set.id,
    label: label === null ? `Set ${setIndex + 1}` : `${labelledName(label, exercise.name)}, set ${setIndex + 1}`,
    prescription: prescriptionText(set),
    prefill: { ...prefilledSet(set), unit: set.weight_unit, place: `${exercise.name} set ${setIndex + 1}` },
    index: setIndex,
    history: snapshot.context.histories?.get(exercise.name),
    added: set.added,
    removable: set.added,
    restSeconds: exercise.rest_seconds ?? null
  })),
  addSet: addSetOf(snapshot, page),
  coaching: coachingOf(page)
})

export const selectLoggingView = (snapshot: LoggingSnapshot): LoggingView => {
  const { context } = snapshot
  const dateText = formatLongUsDate(context.date)
  if (snapshot.matches("submitted") || snapshot.matches("left")) return { status: "submitted", dateText }
  const exercises = context.workout.exercises
  const current = workoutPages(context.workout)[context.screen]
  const summaryStep = summaryStepOf(snapshot)
  return {
    status: summaryStep === null ? "exercise" : "summary",
    summaryStep,
    dateText,
    screen: context.screen,
    exercise: summaryStep !== null || current === undefined ? null : pageView(snapshot, current, exercises.length),
    exerciseNames: exercises.map((e) => e.name),
    // The machine's guards decide; the view only asks whether the event would be taken.
    canGoBack: snapshot.can({ type: "page.previous" }),
    canGoForward: snapshot.can({ type: "page.next" }),
    canResume: snapshot.can({ type: "workout.resume", at: context.now }),
    setChange: setChangeOf(snapshot),
    confirmText:
      summaryStep === "confirming"
        ? `Submit with ${context.unlogged} ${context.unlogged === 1 ? "set" : "sets"} not logged?`
        : null,
    submitFailure: summaryStep === "submitFailed" ? context.submitFailure : null
  }
}

/** The workout as it stands (sets added and removed included), for the summary's counts. */
export const selectWorkout = (snapshot: LoggingSnapshot): GroupedWorkout => snapshot.context.workout

export const selectHistories = (snapshot: LoggingSnapshot): ReadonlyMap<string, ExerciseHistory> | null =>
  snapshot.context.histories

/** The worked-out loads beside the pager, once their chunk is in. */
export const selectLoadsRef = (snapshot: LoggingSnapshot): LoadReferencesActorRef | undefined =>
  snapshot.children.loads as LoadReferencesActorRef | undefined

/** The running workout's timer, while there is one. */
export const selectTimerRef = (snapshot: LoggingSnapshot): TimerActorRef | undefined =>
  snapshot.children.timer as TimerActorRef | undefined
