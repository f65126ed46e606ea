import { addDays, type IsoDate, WEEK_STEP_DAYS } from "#domain/calendar.ts"
import type { WeekTransform } from "#domain/copy-plan.ts"
import { planWeeks } from "#domain/week-transforms.ts"
import type { BuiltWorkout } from "#domain/workout.ts"
import { exerciseNamesOf, type ProgrammedContent } from "./content.ts"

/*
 * Where a copy lands and what it creates (docs/decisions/025), worked out before anything
 * is written: the preview answers this plan's report, the copy stores its workouts.
 */

/** The most days one copy may create; beyond it the request names `repeats`. */
export const MAX_CREATED_DAYS = 400

export const BUSY_DAY = "already has a workout"

export interface PlanTarget {
  readonly clientId: number
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
  readonly clientId: number
  readonly date: IsoDate
  readonly workoutOrder: number
  readonly category: string
  readonly exercises: BuiltWorkout
}

export interface PlannedDay {
  readonly clientId: number
  readonly date: IsoDate
  readonly status: "created" | "skipped"
  readonly workouts: number
  readonly exercises: ReadonlyArray<string>
  readonly reason: string | null
}

export interface CopyPlan {
  readonly days: ReadonlyArray<PlannedDay>
  readonly workouts: ReadonlyArray<PlannedWorkout>
  readonly createdDays: number
}

export const dayKey = (clientId: number, date: string): string => `${clientId}/${date}`

/** Every day a target's copy lands on, repeats included: the span to read before planning. */
export const landingSpan = (content: ProgrammedContent, target: PlanTarget, repeats: number) => {
  const offsets = content.map((workout) => workout.offset)
  return {
    from: addDays(target.start, Math.min(...offsets)),
    to: addDays(target.start, Math.max(...offsets) + WEEK_STEP_DAYS * repeats)
  }
}

const byClientThenDate = (a: PlannedDay, b: PlannedDay): number =>
  a.clientId - b.clientId || (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)

/**
 * The copy of `content` to each target, then once a week per repeat with its change. The
 * targets are taken in order, as if copied one after the other: a day an earlier target
 * filled is busy for a later one. A busy day is skipped whole unless `addToBusyDays`.
 */
export function planCopy(
  content: ProgrammedContent,
  request: {
    readonly targets: ReadonlyArray<PlanTarget>
    readonly repeats: ReadonlyArray<WeekTransform>
    readonly addToBusyDays: boolean
  },
  existing: ExistingDays
): CopyPlan {
  const weeks = content.map((workout) => [workout.exercises, ...planWeeks(workout.exercises, request.repeats)])
  const offsets = [...new Set(content.map((workout) => workout.offset))].sort((a, b) => a - b)
  const busy = new Set(existing.busy)
  const nextOrder = new Map(existing.nextOrder)
  const days: Array<PlannedDay> = []
  const created: Array<PlannedWorkout> = []
  for (const target of request.targets) {
    for (let week = 0; week <= request.repeats.length; week++) {
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
          workout.offset === offset ? [{ category: workout.category, exercises: weeks[index]?.[week] ?? [] }] : []
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
    workouts: created,
    createdDays: days.filter((day) => day.status === "created").length
  }
}
