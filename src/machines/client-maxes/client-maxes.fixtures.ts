import type { IsoDate } from "#domain/calendar.ts"
import { UserId } from "#domain/ids.ts"
import type { TestedMax } from "#domain/maxes.ts"
import { loggedRowFixture, workoutRowFixture } from "#domain/workout-row-fixture.ts"
import type { DoneSet } from "#domain/done-work.ts"
import type { ClientMaxesPorts } from "./client-maxes.actors.ts"
import { freshDraft } from "./client-maxes.entry.ts"
import type { ClientMaxesContext, ClientMaxesInput } from "./client-maxes.types.ts"
import { unansweredCalls } from "#gateway/lazy-calls.ts"

// A sample client's maxes for stories and tests. No network. Back Squat was tested three
// times (the newest is current), Bench Press once, in kilograms.

export const maxesInput: ClientMaxesInput = {
  coachId: UserId.make(1),
  clientId: UserId.make(7),
  today: "2026-11-20" as IsoDate,
  utcOffset: 0
}

export const CLIENT_NAME = "Alex Rivera"

const entry = (
  exercise_id: string,
  value: number,
  unit: "lb" | "kg",
  set_on: string,
  recorded_at: string
): TestedMax => ({
  exercise_id,
  value,
  unit,
  set_on: set_on as IsoDate,
  recorded_at
})

/** Newest first, as GET /api/maxes answers. */
export const sampleEntries: ReadonlyArray<TestedMax> = [
  entry("back-squat", 315, "lb", "2026-11-02", "2026-11-02T18:00:00.000Z"),
  entry("bench-press", 102.5, "kg", "2026-10-15", "2026-10-15T17:30:00.000Z"),
  entry("back-squat", 300, "lb", "2026-09-01", "2026-09-01T18:00:00.000Z"),
  entry("back-squat", 285, "lb", "2026-06-10", "2026-06-10T18:00:00.000Z")
]

/** A set done on its workout's date, or on `doneOn` (docs/decisions/042). */
const logged = (
  id: number,
  date: string,
  exercise: string,
  weight: number,
  unit: "lb" | "kg",
  reps: number,
  doneOn = date
): DoneSet => ({
  ...loggedRowFixture(workoutRowFixture({ id, date, exercise }), { weight, weight_unit: unit, reps }),
  done_on: doneOn as IsoDate
})

/**
 * Sets logged in the last 8 weeks: squats in pounds (the best, 275 x 5, works out to an
 * e1RM of 320.8 lb), one bench press in kilograms (100 x 3: 110 kg).
 */
export const sampleLogged: ReadonlyArray<DoneSet> = [
  logged(901, "2026-10-30", "Back Squat", 265, "lb", 5),
  logged(902, "2026-11-13", "Back Squat", 275, "lb", 5),
  logged(903, "2026-11-13", "Bench Press", 100, "kg", 3)
]

/**
 * Only next Tuesday's workout, done today: a Barbell Row dated Nov 24 done on the 20th
 * (160 x 5: an e1RM of 186.7 lbs). It is today's lift, so the working e1RM has it.
 */
export const doneAheadLogged: ReadonlyArray<DoneSet> = [
  logged(904, "2026-11-24", "Barbell Row", 160, "lb", 5, "2026-11-20")
]

export const maxesContext = (overrides: Partial<ClientMaxesContext> = {}): ClientMaxesContext => ({
  ...maxesInput,
  entries: sampleEntries,
  clientName: CLIENT_NAME,
  unit: "lb",
  logged: sampleLogged,
  draft: freshDraft(maxesInput.today),
  formVersion: 0,
  problem: null,
  pending: null,
  saveError: null,
  ...overrides
})

/** A gateway that never answers, so a story stays in the state it shows. */
export const storyClientMaxesPorts: ClientMaxesPorts = {
  gateway: unansweredCalls(),
  doneWork: unansweredCalls()
}
