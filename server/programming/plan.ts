import { addDays, type IsoDate, WEEK_STEP_DAYS } from "#domain/calendar.ts"
import { copiedWeeksOf } from "#domain/copied-loads.ts"
import type { CopiedDay, CopiedWeek } from "#domain/copy-plan.ts"
import { landingOffset } from "#domain/copy-landing.ts"
import { planCopiedWeeks, type WeekRule } from "#domain/week-transforms.ts"
import type { UserId } from "#domain/ids.ts"
import type { WorkoutTitle } from "#domain/exercise-details.ts"
import type { BuiltWorkout } from "#domain/workout.ts"
import { exerciseNamesOf, type ProgrammedContent, type ProgrammedWorkout } from "./content.ts"

/*
 * Where a copy lands and what it creates (docs/decisions/025, 040), worked out before
 * anything is written: the preview answers this plan's report, the copy stores its
 * workouts. Where and how heavy are the domain's rules (copy-landing.ts,
 * week-transforms.ts), the same ones the tests hold to.
 */

/** The most days one copy may create; beyond it the request names `repeats`. */
export const MAX_CREATED_DAYS = 400

export const BUSY_DAY = "already has a workout"

export interface PlanTarget {
  readonly clientId: UserId
  readonly start: IsoDate
}

/** The target days as they are before the copy, keyed by dayKey. */
export interface ExistingDays {
  /** Days holding a workout that is not removed. */
  readonly busy: ReadonlySet<string>
  /** The next free workout_order of each day that has any row, removed ones included. */
  readonly nextOrder: ReadonlyMap<string, number>
}

export interface PlannedWorkout {
  readonly clientId: UserId
  readonly date: IsoDate
  readonly workoutOrder: number
  readonly category: string
  readonly title?: WorkoutTitle
  readonly exercises: BuiltWorkout
}

export interface CopyPlan {
  readonly days: ReadonlyArray<CopiedDay>
  readonly weeks: ReadonlyArray<CopiedWeek>
  readonly workouts: ReadonlyArray<PlannedWorkout>
  readonly createdDays: number
  /** The set rows the copy writes: every set of every created workout. */
  readonly createdSets: number
}

export const dayKey = (clientId: number, date: string): string => `${clientId}/${date}`

// A workout with no weekday lands its offset after the start: 0 for a workout or a day, a program's day for a program.
const landingOf = (workout: ProgrammedWorkout) => ({ weekday: workout.weekday ?? null, offset: workout.offset })

/** Every day a target's copy lands on, all its weeks: the span to read before planning. */
export const landingSpan = (content: ProgrammedContent, target: PlanTarget, weeks: number) => {
  const offsets = content.map((workout) => landingOffset(landingOf(workout), target.start))
  return {
    from: addDays(target.start, Math.min(...offsets)),
    to: addDays(target.start, Math.max(...offsets) + WEEK_STEP_DAYS * (weeks - 1))
  }
}

const byClientThenDate = (a: CopiedDay, b: CopiedDay): number =>
  a.clientId - b.clientId || (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)

/**
 * The copy of `content` to each target, once per copied week with that week's rule. The
 * targets are taken in order, as if copied one after the other: a day an earlier target
 * filled is busy for a later one. A busy day is skipped whole unless `addToBusyDays`.
 */
export function planCopy(
  content: ProgrammedContent,
  request: {
    readonly targets: ReadonlyArray<PlanTarget>
    readonly weeks: ReadonlyArray<WeekRule>
    readonly addToBusyDays: boolean
  },
  existing: ExistingDays
): CopyPlan {
  const weeks = content.map((workout) => planCopiedWeeks(workout.exercises, request.weeks))
  const busy = new Set(existing.busy)
  const nextOrder = new Map(existing.nextOrder)
  const days: Array<CopiedDay> = []
  const created: Array<PlannedWorkout> = []
  for (const target of request.targets) {
    const landings = content.map((workout) => landingOffset(landingOf(workout), target.start))
    const offsets = [...new Set(landings)].sort((a, b) => a - b)
    for (let week = 0; week < request.weeks.length; week++) {
      for (const offset of offsets) {
        const date = addDays(target.start, offset + WEEK_STEP_DAYS * week)
        const key = dayKey(target.clientId, date)
        if (busy.has(key) && !request.addToBusyDays) {
          days.push({
            clientId: target.clientId,
            date,
            status: "skipped",
            workouts: 0,
            exercises: [],
            reason: BUSY_DAY
          })
          continue
        }
        const landing = content.flatMap((workout, index) =>
          landings[index] === offset
            ? [
                {
                  category: workout.category,
                  ...(workout.title === undefined ? {} : { title: workout.title }),
                  exercises: weeks[index]?.[week] ?? []
                }
              ]
            : []
        )
        for (const workout of landing) {
          const workoutOrder = nextOrder.get(key) ?? 0
          nextOrder.set(key, workoutOrder + 1)
          created.push({ clientId: target.clientId, date, workoutOrder, ...workout })
        }
        busy.add(key)
        days.push({
          clientId: target.clientId,
          date,
          status: "created",
          workouts: landing.length,
          exercises: exerciseNamesOf(landing),
          reason: null
        })
      }
    }
  }
  return {
    days: days.sort(byClientThenDate),
    weeks: copiedWeeksOf(
      content.map((workout, index) => ({ weekday: workout.weekday ?? null, weeks: weeks[index] ?? [] })),
      request.weeks.length
    ),
    workouts: created,
    createdDays: days.filter((day) => day.status === "created").length,
    createdSets: created.reduce(
      (total, workout) => total + workout.exercises.reduce((sum, exercise) => sum + exercise.sets.length, 0),
      0
    )
  }
}
