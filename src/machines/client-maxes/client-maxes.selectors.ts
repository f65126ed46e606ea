import type { ActorRefFrom, SnapshotFrom } from "xstate"
import { EXERCISE_CATALOGUE, type CatalogueExercise } from "#domain/exercise-catalogue.ts"
import { EXERCISE_CATEGORIES } from "#domain/exercise-kinds.ts"
import { formatMediumUsDate, type IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import { currentMaxes, type TestedMax } from "#domain/maxes.ts"
import { workingE1rmsOf } from "#domain/set-loads.ts"
import { formatLoad, type Unit } from "#domain/units.ts"
import type { DoneSet } from "#domain/done-work.ts"
import { exerciseName } from "#domain/maxes-text.ts"
import type { ClientMaxesMachine } from "./client-maxes.machine.ts"
import type { MaxDraft, MaxProblem } from "./client-maxes.types.ts"

export type ClientMaxesSnapshot = SnapshotFrom<ClientMaxesMachine>
export type ClientMaxesActorRef = ActorRefFrom<ClientMaxesMachine>

export const MAXES_NOT_LOADED = "We couldn't load this client's maxes. Check your connection and try again."
export const NO_MAXES_YET = "No maxes recorded yet. Add the first one below."
export const CLIENT_MAXES = "Client maxes"
export const WORKING_E1RM = "Working e1RM (estimated)"
export const E1RM_NOTE = "Estimated from the sets done in the last 8 weeks, as progress is: not a tested max."
export const NO_E1RM_YET = "Nothing logged in the last 8 weeks."
export const E1RM_NOT_LOADED = "We couldn't read this client's logged sets, so their working e1RM is unknown."

/** One exercise's working e1RM: "Back Squat", "320.8 lbs". */
export interface WorkingE1rmView {
  readonly exerciseId: string
  readonly name: string
  readonly load: string
}

export interface MaxEntryView {
  /** "315 lbs" */
  readonly load: string
  /** "set Nov 2, 2026" */
  readonly setOn: string
}

export interface ExerciseMaxesView {
  readonly exerciseId: string
  readonly name: string
  readonly current: MaxEntryView
  /** The older entries of this exercise, newest first: kept, never overwritten. */
  readonly history: ReadonlyArray<MaxEntryView>
}

export interface ExerciseGroupView {
  readonly label: string
  readonly exercises: ReadonlyArray<Pick<CatalogueExercise, "id" | "name">>
}

export interface MaxFormView {
  readonly draft: MaxDraft
  /** A new key after each save: the form starts empty again. */
  readonly version: number
  readonly problem: MaxProblem | null
  readonly saving: boolean
  readonly disabled: boolean
  readonly saveError: string | null
  readonly today: IsoDate
}

export interface ClientMaxesView {
  readonly status: "loading" | "failed" | "showing"
  /** Whose maxes: the calendar's ?client= on the way back. */
  readonly clientId: UserId
  /** The client's name, or "Client maxes" when the coach's list could not say. */
  readonly subtitle: string
  readonly exercises: ReadonlyArray<ExerciseMaxesView>
  /** Worked out from logged sets, in the coach's unit, by name; null when the sets could not be read. */
  readonly workingE1rms: ReadonlyArray<WorkingE1rmView> | null
  readonly error: string | null
  readonly form: MaxFormView
}

const entryView = (entry: TestedMax): MaxEntryView => ({
  load: formatLoad(entry.value, entry.unit),
  setOn: `set ${formatMediumUsDate(entry.set_on)}`
})

const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)

/** The library by category, in the library's category order, for the exercise picker. */
export const EXERCISE_GROUPS: ReadonlyArray<ExerciseGroupView> = EXERCISE_CATEGORIES.map((category) => ({
  label: capitalized(category),
  exercises: EXERCISE_CATALOGUE.filter((exercise) => exercise.category === category)
    .map(({ id, name }) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name, "en-US"))
})).filter((group) => group.exercises.length > 0)

/** One row per exercise with a max, by name; its current max and the entries before it. */
export const exerciseMaxes = (entries: ReadonlyArray<TestedMax>): ReadonlyArray<ExerciseMaxesView> =>
  [...currentMaxes(entries)]
    .map(([exerciseId, current]) => ({
      exerciseId,
      name: exerciseName(exerciseId),
      current: entryView(current),
      history: entries.filter((entry) => entry.exercise_id === exerciseId && entry !== current).map(entryView)
    }))
    .sort((a, b) => a.name.localeCompare(b.name, "en-US"))

/**
 * Each exercise's working e1RM from the sets done, named as its newest row names it. A set
 * counts on the day it was done (docs/decisions/042): one done today for a workout dated
 * next week is today's lift, never "a plan, not a lift".
 */
export const workingE1rms = (
  done: ReadonlyArray<DoneSet>,
  today: IsoDate,
  unit: Unit
): ReadonlyArray<WorkingE1rmView> => {
  const logged = done.map((row) => ({ ...row, date: row.done_on }))
  const names = new Map<string, { date: IsoDate; name: string }>()
  for (const row of logged) {
    const known = names.get(row.exercise_id)
    if (known === undefined || row.date >= known.date)
      names.set(row.exercise_id, { date: row.date, name: row.exercise })
  }
  return [...workingE1rmsOf(logged, today, unit)]
    .map(([exerciseId, e1rm]) => ({
      exerciseId,
      name: names.get(exerciseId)?.name ?? exerciseId,
      load: formatLoad(e1rm.value, e1rm.unit)
    }))
    .sort((a, b) => a.name.localeCompare(b.name, "en-US"))
}

export const selectClientMaxes = (snapshot: ClientMaxesSnapshot): ClientMaxesView => {
  const { clientId, entries, clientName, draft, formVersion, problem, saveError, today, logged, unit } =
    snapshot.context
  const saving = snapshot.matches({ showing: "saving" })
  return {
    status: snapshot.matches("loading") ? "loading" : snapshot.matches("failed") ? "failed" : "showing",
    clientId,
    subtitle: clientName ?? CLIENT_MAXES,
    exercises: exerciseMaxes(entries),
    workingE1rms: logged === null ? null : workingE1rms(logged, today, unit),
    error: snapshot.matches("failed") ? MAXES_NOT_LOADED : null,
    form: {
      draft,
      version: formVersion,
      problem,
      saving,
      disabled: !snapshot.can({ type: "max.add", ...draft }),
      saveError: snapshot.matches({ showing: "saveFailed" }) ? saveError : null,
      today
    }
  }
}
