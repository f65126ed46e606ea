import type { SupersetLetter } from "./exercise-details.ts"
import type { GroupedExercise, GroupedWorkout, WorkoutRow } from "./workout.ts"

/*
 * How a lifter walks a workout (docs/decisions/048-the-coachs-desk.md): one page per
 * exercise, except that exercises in a row sharing a superset letter share one page, whose
 * sets go round by round: A1 set 1, A2 set 1, A1 set 2, A2 set 2, … An exercise with fewer
 * sets drops out of the later rounds.
 */

/** One set on a page, with the exercise it belongs to and its place there. */
export interface PageSet {
  readonly exercise: GroupedExercise
  /** Where the exercise stands in the workout, 0-based. */
  readonly exerciseIndex: number
  readonly set: WorkoutRow
  /** The set's place in its exercise, 0-based. */
  readonly setIndex: number
  /** "A1", "A2" … in a superset; null on a page of one exercise. */
  readonly label: string | null
}

export interface WorkoutPage {
  /** The superset's letter, or null for a page of one exercise. */
  readonly superset: SupersetLetter | null
  readonly exercises: ReadonlyArray<GroupedExercise>
  /** Index in the workout of the page's first exercise. */
  readonly firstExercise: number
  /** The page's sets in the order they are done. */
  readonly sets: ReadonlyArray<PageSet>
}

const roundsOf = (exercises: ReadonlyArray<GroupedExercise>, first: number, letter: SupersetLetter): Array<PageSet> => {
  const rounds = Math.max(...exercises.map((exercise) => exercise.sets.length))
  const sets: Array<PageSet> = []
  for (let round = 0; round < rounds; round++)
    exercises.forEach((exercise, member) => {
      const set = exercise.sets[round]
      if (set !== undefined)
        sets.push({ exercise, exerciseIndex: first + member, set, setIndex: round, label: memberLabel(letter, member) })
    })
  return sets
}

/** A superset member's label by its 0-based place: "A1", "A2". */
export const memberLabel = (letter: SupersetLetter, member: number): string => `${letter}${member + 1}`

/** Where the run of exercises starting at `index` ends: past each next one sharing its superset letter. */
const runEnd = (letters: ReadonlyArray<SupersetLetter | undefined>, index: number): number => {
  const letter = letters[index]
  let end = index + 1
  while (letter !== undefined && end < letters.length && letters[end] === letter) end++
  return end
}

/** The workout's pages in order: a superset's members, one after another, make one page. */
export const workoutPages = (workout: GroupedWorkout): ReadonlyArray<WorkoutPage> => {
  const pages: Array<WorkoutPage> = []
  const exercises = workout.exercises
  const letters = exercises.map((exercise) => exercise.superset)
  for (let index = 0; index < exercises.length;) {
    const letter = exercises[index]?.superset
    const end = runEnd(letters, index)
    const members = exercises.slice(index, end)
    pages.push(
      letter === undefined || members.length === 1
        ? {
            superset: null,
            exercises: members,
            firstExercise: index,
            sets: members.flatMap((exercise) =>
              exercise.sets.map((set, setIndex) => ({ exercise, exerciseIndex: index, set, setIndex, label: null }))
            )
          }
        : { superset: letter, exercises: members, firstExercise: index, sets: roundsOf(members, index, letter) }
    )
    index = end
  }
  return pages
}

/** How many pages the workout has, counted without building them: the pager's guards ask on every event. */
export const pageCount = (workout: GroupedWorkout): number => {
  const letters = workout.exercises.map((exercise) => exercise.superset)
  let pages = 0
  for (let index = 0; index < letters.length; index = runEnd(letters, index)) pages++
  return pages
}

/**
 * The superset label ("A1", "A2") of each of a workout's exercises, by their letters in
 * order; null for one standing alone. The pages' own runs, so a draft not yet saved (the
 * builder's) reads as the lifter will.
 */
export const supersetLabels = (letters: ReadonlyArray<SupersetLetter | undefined>): ReadonlyArray<string | null> => {
  const labels: Array<string | null> = letters.map(() => null)
  for (let index = 0; index < letters.length;) {
    const end = runEnd(letters, index)
    const letter = letters[index]
    if (letter !== undefined && end - index > 1)
      for (let member = index; member < end; member++) labels[member] = memberLabel(letter, member - index)
    index = end
  }
  return labels
}

/** Each exercise's superset label ("A1", "A2"), null for one standing alone: the pages' own labels. */
export const exerciseLabels = (workout: GroupedWorkout): ReadonlyArray<string | null> =>
  supersetLabels(workout.exercises.map((exercise) => exercise.superset))

/** "A1 Pull-up" in a superset, the name alone otherwise. */
export const labelledName = (label: string | null, name: string): string => (label === null ? name : `${label} ${name}`)
