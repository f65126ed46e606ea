import type { ActorRefFrom, SnapshotFrom } from "xstate"
import { EXERCISE_CATALOGUE, type CatalogueExercise } from "#domain/exercise-catalogue.ts"
import { EXERCISE_CATEGORIES } from "#domain/exercise-kinds.ts"
import { formatMediumUsDate, type IsoDate } from "#domain/calendar.ts"
import type { UserId } from "#domain/ids.ts"
import { currentMaxes, type TestedMax } from "#domain/maxes.ts"
import { formatLoad } from "#domain/units.ts"
import { exerciseName } from "./client-maxes.text.ts"
import type { ClientMaxesMachine } from "./client-maxes.machine.ts"
import type { MaxDraft, MaxProblem } from "./client-maxes.types.ts"

export type ClientMaxesSnapshot = SnapshotFrom<ClientMaxesMachine>
export type ClientMaxesActorRef = ActorRefFrom<ClientMaxesMachine>

export const MAXES_NOT_LOADED = "We couldn't load this client's maxes. Check your connection and try again."
export const NO_MAXES_YET = "No maxes recorded yet. Add the first one below."
export const CLIENT_MAXES = "Client maxes"

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

export const selectClientMaxes = (snapshot: ClientMaxesSnapshot): ClientMaxesView => {
  const { clientId, entries, clientName, draft, formVersion, problem, saveError, today } = snapshot.context
  const saving = snapshot.matches({ showing: "saving" })
  return {
    status: snapshot.matches("loading") ? "loading" : snapshot.matches("failed") ? "failed" : "showing",
    clientId,
    subtitle: clientName ?? CLIENT_MAXES,
    exercises: exerciseMaxes(entries),
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
