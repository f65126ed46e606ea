import type { IsoDate } from "#domain/calendar.ts"
import { UserId } from "#domain/ids.ts"
import type { ClientLookup } from "#domain/workout.ts"
import type { CoachCalendarPorts } from "./coach-calendar.actors.ts"
import type { CoachCalendarContext, CoachCalendarInput, DaySummaries, WorkoutSummary } from "./coach-calendar.types.ts"
import { unansweredCalls } from "#gateway/lazy-calls.ts"

// Sample calendar data for stories and tests. No network.

export const calendarInput: CoachCalendarInput = { coachId: UserId.make(1), today: "2026-03-04" as IsoDate }

export const calendarClients: ClientLookup = {
  "7": { name: "Bo Client", pending: false },
  "8": { name: "Ann Lifter", pending: false },
  "pending:cy@example.com": { name: "cy@example.com", pending: true }
}

export const onlyInvitations: ClientLookup = { "pending:cy@example.com": { name: "cy@example.com", pending: true } }

const workout = (exercises: ReadonlyArray<string>, rest: Partial<WorkoutSummary> = {}): WorkoutSummary => ({
  workoutOrder: 0,
  title: null,
  exercises,
  submitted: false,
  logged: false,
  volume: null,
  ...rest
})

/**
 * Around today (Wed March 4, 2026): Sunday's set was skipped and nothing submitted (neither done
 * nor missed: the lifter was there); Monday's two workouts were submitted with 4,350 lb lifted;
 * Tuesday's went by untouched (missed); today's is half logged in kg; two more ahead, the
 * last one with the coach's title.
 */
export const someDays: DaySummaries = {
  ["2026-03-01" as IsoDate]: { workouts: [workout(["Deadlift"], { logged: true })] },
  ["2026-03-02" as IsoDate]: {
    workouts: [
      workout(["Back Squat", "Bench Press"], { submitted: true, logged: true, volume: { lb: 4350, kg: 0 } }),
      workout(["Deadlift"], { workoutOrder: 1, submitted: true })
    ]
  },
  ["2026-03-03" as IsoDate]: { workouts: [workout(["Overhead Press", "Pull-up", "Dip"])] },
  ["2026-03-04" as IsoDate]: { workouts: [workout(["Front Squat"], { logged: true, volume: { lb: 0, kg: 500 } })] },
  ["2026-03-09" as IsoDate]: { workouts: [workout(["Back Squat", "Bench Press", "Row"])] },
  ["2026-03-16" as IsoDate]: { workouts: [workout(["Deadlift"], { title: "Heavy pull" })] }
}

export const calendarContext = (overrides: Partial<CoachCalendarContext> = {}): CoachCalendarContext => ({
  coachId: calendarInput.coachId,
  today: calendarInput.today,
  selectedDay: calendarInput.today,
  clients: calendarClients,
  clientId: UserId.make(8),
  unit: "lb",
  days: someDays,
  move: null,
  moveFailure: null,
  moved: null,
  ...overrides
})

/** A gateway that never answers and an address that is not kept, so a story stays in the state it shows. */
export const storyCoachCalendarPorts: CoachCalendarPorts = {
  gateway: unansweredCalls(),
  rememberPlace: () => undefined
}
