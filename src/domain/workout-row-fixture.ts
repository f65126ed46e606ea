import * as Schema from "effect/Schema"
import { LoggedRow, WorkoutRow } from "./workout.ts"

const slugOf = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "exercise"

/**
 * A wire row for stories and tests: the first set of the first exercise of the day's
 * first workout, nothing prescribed. Callers spread in only what their example is about;
 * decoding makes sure the example is a row the server could really send.
 */
export const workoutRowFixture = (
  values: { readonly id: number; readonly date: string; readonly exercise: string } & Readonly<Record<string, unknown>>
): WorkoutRow =>
  Schema.decodeUnknownSync(WorkoutRow)({
    workout_order: 0,
    exercise_order: 0,
    set: 0,
    reps: null,
    rir: null,
    rpe: null,
    weight: null,
    backoff_percent: null,
    e1rm_percent: null,
    max_percent: null,
    amsap: false,
    added: false,
    weight_unit: "lb",
    // "Back Squat" is back-squat: the catalogue's ids are its names as slugs.
    exercise_id: slugOf(values.exercise),
    ...values
  })

/**
 * What the client logged for a prescribed row, for stories and tests: nothing logged and
 * not skipped, then the values the example is about.
 */
export const loggedRowFixture = (
  prescribed: WorkoutRow | undefined,
  values: Readonly<Record<string, unknown>>
): LoggedRow =>
  Schema.decodeUnknownSync(LoggedRow)({
    ...prescribed,
    reps: null,
    rir: null,
    rpe: null,
    weight: null,
    backoff_percent: null,
    e1rm_percent: null,
    max_percent: null,
    skipped: false,
    ...values
  })
