import { addDays, startOfWeek, type IsoDate } from "#domain/calendar.ts"
import {
  MISSED_WINDOW_DAYS,
  NEW_RECORD_DAYS,
  UPCOMING_DAYS,
  type ClientOverview,
  type CoachOverview,
  type NewRecord,
  type UpcomingDay
} from "#domain/coach-overview.ts"
import {
  COMPLIANCE_LONG_DAYS,
  COMPLIANCE_SHORT_DAYS,
  totalCompliance,
  type Compliance,
  type DoneOfScheduled
} from "#domain/compliance.ts"
import type { UserId } from "#domain/ids.ts"
import { performedE1rmLb } from "#domain/history.ts"
import { workingE1rm } from "#domain/loads.ts"
import { performedLoadOf } from "#domain/set-loads.ts"
import type { Unit } from "#domain/units.ts"
import type { LinkedClient, LoggedLift, Span, WindowLift, WorkoutExerciseRow } from "./repository.ts"

/*
 * The dashboard's numbers, worked out from the rows the repository read. Pure, so the
 * window arithmetic and the record rule are tested without a database.
 */

/** The days each part of the overview looks at, on the coach's `today`. */
export interface OverviewWindows {
  readonly today: IsoDate
  readonly week: Span
  readonly missed: Span
  readonly upcoming: Span
  readonly records: Span
  /** Compliance's two windows, each ending today: nothing to come is in them. */
  readonly last7Days: Span
  readonly last28Days: Span
  /** Every workout any part looks at is in here. */
  readonly workouts: Span
}

export const overviewWindows = (today: IsoDate): OverviewWindows => {
  const weekFrom = startOfWeek(today)
  const week = { from: weekFrom, to: addDays(weekFrom, 6) }
  const missed = { from: addDays(today, -MISSED_WINDOW_DAYS), to: addDays(today, -1) }
  const upcoming = { from: today, to: addDays(today, UPCOMING_DAYS - 1) }
  const records = { from: addDays(today, -(NEW_RECORD_DAYS - 1)), to: today }
  const last7Days = { from: addDays(today, -(COMPLIANCE_SHORT_DAYS - 1)), to: today }
  const last28Days = { from: addDays(today, -(COMPLIANCE_LONG_DAYS - 1)), to: today }
  const spans = [week, missed, upcoming, last7Days, last28Days]
  const workouts = {
    from: spans.map((span) => span.from).sort()[0] ?? today,
    to:
      spans
        .map((span) => span.to)
        .sort()
        .at(-1) ?? today
  }
  return { today, week, missed, upcoming, records, last7Days, last28Days, workouts }
}

export interface OverviewRows {
  readonly clients: ReadonlyArray<LinkedClient>
  readonly workouts: ReadonlyArray<WorkoutExerciseRow>
  readonly lastSessions: ReadonlyArray<{ readonly clientId: UserId; readonly date: IsoDate }>
  readonly recentLifts: ReadonlyArray<WindowLift>
  readonly earlierLifts: ReadonlyArray<LoggedLift>
}

const within = (date: string, span: Span) => date >= span.from && date <= span.to

const groupBy = <T, K>(items: ReadonlyArray<T>, key: (item: T) => K): Map<K, Array<T>> => {
  const groups = new Map<K, Array<T>>()
  for (const item of items) {
    const group = groups.get(key(item))
    if (group === undefined) groups.set(key(item), [item])
    else group.push(item)
  }
  return groups
}

const estimateLb = (lift: LoggedLift) => performedE1rmLb(performedLoadOf(lift))

export interface Workout {
  readonly date: IsoDate
  readonly workoutOrder: number
  readonly completed: boolean
  readonly logged: boolean
  readonly exercises: ReadonlyArray<string>
}

const workoutsOf = (rows: ReadonlyArray<WorkoutExerciseRow>): ReadonlyArray<Workout> =>
  [...groupBy(rows, (row) => row.workoutId).values()].map((exerciseRows) => {
    const [first] = exerciseRows as [WorkoutExerciseRow]
    const named = exerciseRows
      .filter((row): row is WorkoutExerciseRow & { exercise: string } => row.exercise !== null)
      .sort((a, b) => (a.exerciseOrder ?? 0) - (b.exerciseOrder ?? 0))
    return {
      date: first.date,
      workoutOrder: first.workoutOrder,
      completed: first.completed,
      logged: first.logged,
      exercises: named.map((row) => row.exercise)
    }
  })

const upcomingDays = (workouts: ReadonlyArray<Workout>, span: Span): ReadonlyArray<UpcomingDay> =>
  [
    ...groupBy(
      workouts.filter((workout) => within(workout.date, span)),
      (workout) => workout.date
    )
  ]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, day]) => ({
      date,
      workouts: day.length,
      // A name twice in a day (two workouts with squats) is one thing to prepare for.
      exercises: [
        ...new Set(day.sort((a, b) => a.workoutOrder - b.workoutOrder).flatMap((workout) => workout.exercises))
      ]
    }))

/**
 * Per exercise, the best estimate of the window when it beats every set logged before the
 * window, as the logging page's PR badge compares: in pounds, and no earlier set, no record.
 * The number is the client's working e1RM for that set, in their unit.
 */
export const newRecordsOf = (
  recent: ReadonlyArray<WindowLift>,
  earlier: ReadonlyArray<LoggedLift>,
  unit: Unit
): ReadonlyArray<NewRecord> => {
  const bestEarlier = new Map<string, number>()
  for (const lift of earlier) {
    const estimate = estimateLb(lift)
    const best = bestEarlier.get(lift.exerciseId)
    if (estimate !== undefined && (best === undefined || estimate > best)) bestEarlier.set(lift.exerciseId, estimate)
  }
  const records: Array<NewRecord> = []
  for (const [exerciseId, lifts] of groupBy(recent, (lift) => lift.exerciseId)) {
    const before = bestEarlier.get(exerciseId)
    if (before === undefined) continue
    let top: { lift: WindowLift; estimate: number } | undefined
    for (const lift of [...lifts].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))) {
      const estimate = estimateLb(lift)
      if (estimate !== undefined && (top === undefined || estimate > top.estimate)) top = { lift, estimate }
    }
    if (top === undefined || top.estimate <= before) continue
    const e1rm = workingE1rm([performedLoadOf(top.lift)], unit)
    if (e1rm === undefined) continue
    records.push({ exercise_id: exerciseId, exercise: top.lift.exercise, e1rm, unit, date: top.lift.date })
  }
  return records.sort((a, b) => a.exercise.localeCompare(b.exercise, "en-US", { sensitivity: "base" }))
}

const doneOfScheduled = (workouts: ReadonlyArray<Workout>, span: Span): DoneOfScheduled => {
  const scheduled = workouts.filter((workout) => within(workout.date, span))
  return { done: scheduled.filter((workout) => workout.completed).length, scheduled: scheduled.length }
}

/** Workouts dated in each window (never after today) and how many of those were submitted. */
export const complianceOf = (workouts: ReadonlyArray<Workout>, windows: OverviewWindows): Compliance => ({
  last7Days: doneOfScheduled(workouts, windows.last7Days),
  last28Days: doneOfScheduled(workouts, windows.last28Days)
})

const byName = (a: LinkedClient, b: LinkedClient) =>
  a.name.localeCompare(b.name, "en-US", { sensitivity: "base" }) || a.id - b.id

/** The overview of every linked client, by name, the way the client list orders them. */
export function coachOverviewOf(windows: OverviewWindows, rows: OverviewRows): CoachOverview {
  const workoutsByClient = groupBy(rows.workouts, (row) => row.clientId)
  const recentByClient = groupBy(rows.recentLifts, (lift) => lift.clientId)
  const earlierByClient = groupBy(rows.earlierLifts, (lift) => lift.clientId)
  const lastSession = new Map(rows.lastSessions.map((row) => [row.clientId, row.date]))
  const clients = [...rows.clients].sort(byName).map((client): ClientOverview => {
    const key = client.id
    const workouts = workoutsOf(workoutsByClient.get(key) ?? [])
    const thisWeek = workouts.filter((workout) => within(workout.date, windows.week))
    return {
      clientId: client.id,
      name: client.name,
      lastSession: lastSession.get(client.id) ?? null,
      weekScheduled: thisWeek.length,
      weekCompleted: thisWeek.filter((workout) => workout.completed).length,
      missed: workouts.filter(
        (workout) => within(workout.date, windows.missed) && !workout.completed && !workout.logged
      ).length,
      newRecords: newRecordsOf(recentByClient.get(key) ?? [], earlierByClient.get(key) ?? [], client.unit),
      // A workout already done (submitted, or with work logged) is not coming: one done
      // ahead of its date is not "next" (docs/decisions/042).
      upcoming: upcomingDays(
        workouts.filter((workout) => !workout.completed && !workout.logged),
        windows.upcoming
      ),
      compliance: complianceOf(workouts, windows)
    }
  })
  return {
    today: windows.today,
    weekFrom: windows.week.from,
    clients,
    compliance: totalCompliance(clients.map((client) => client.compliance))
  }
}
