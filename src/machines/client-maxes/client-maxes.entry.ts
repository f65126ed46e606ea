import * as Schema from "effect/Schema"
import type { IsoDate } from "#domain/calendar.ts"
import { isCatalogueExerciseId } from "#domain/exercise-catalogue.ts"
import type { UserId } from "#domain/ids.ts"
import type { Unit } from "#domain/units.ts"
import { NewTestedMax, type TestedMax } from "#domain/maxes.ts"
import type { MaxDraft, MaxField, MaxProblem } from "./client-maxes.types.ts"

// The form's pure rules: a fresh draft, the check before sending (the domain schema's own
// messages, said with the field's label), and where a saved entry goes in the history.

/** An empty form: no exercise yet, in the coach's unit (pounds, SPEC's, until known), set today. */
export const freshDraft = (today: IsoDate, unit: Unit = "lb"): MaxDraft => ({
  exercise_id: "",
  value: "",
  unit,
  set_on: today
})

const LABELS: Readonly<Record<MaxField, string>> = {
  exercise_id: "Exercise",
  value: "Value",
  unit: "Unit",
  set_on: "Date set"
}

// A plain decimal as a person types it on a phone keypad; "1e3" or "0x10" are not weights.
const DECIMAL = /^\d+(?:[.,]\d+)?$|^[.,]\d+$/

const problem = (field: MaxField, message: string): MaxProblem => ({ field, message })

/** The schema's message ("value must be more than 0") with the field's label in front. */
const schemaProblem = (field: MaxField, schema: Schema.Top, value: unknown): MaxProblem | null => {
  const result = Schema.decodeUnknownResult(schema as Schema.Codec<unknown>)(value)
  if (result._tag === "Success") return null
  const message = result.failure.message.replace(/^\S+/, "")
  return problem(field, `${LABELS[field]}${message}`)
}

export type DraftCheck =
  { readonly ok: true; readonly entry: NewTestedMax } | { readonly ok: false; readonly problem: MaxProblem }

/** The entry to send, or the first field that is wrong, top of the form first. */
export function checkDraft(clientId: UserId, today: IsoDate, draft: MaxDraft): DraftCheck {
  const fail = (found: MaxProblem): DraftCheck => ({ ok: false, problem: found })
  if (draft.exercise_id === "") return fail(problem("exercise_id", "Choose an exercise"))
  const exercise = schemaProblem("exercise_id", NewTestedMax.fields.exercise_id, draft.exercise_id)
  if (exercise !== null) return fail(exercise)
  // The wire checks an id's form; whether the library has it is the server's check, and this page's too.
  if (!isCatalogueExerciseId(draft.exercise_id)) return fail(problem("exercise_id", "Choose an exercise from the list"))
  const text = draft.value.trim()
  if (text === "") return fail(problem("value", "Enter the max"))
  if (!DECIMAL.test(text)) return fail(problem("value", "Value must be a number, like 315 or 142.5"))
  const value = Number(text.replace(",", "."))
  const checked = [
    schemaProblem("value", NewTestedMax.fields.value, value),
    schemaProblem("unit", NewTestedMax.fields.unit, draft.unit),
    draft.set_on === "" ? problem("set_on", "Enter the date it was set") : null,
    schemaProblem("set_on", NewTestedMax.fields.set_on, draft.set_on),
    draft.set_on > today ? problem("set_on", "Date set can't be in the future") : null
  ].find((found) => found !== null)
  if (checked !== undefined) return fail(checked)
  return {
    ok: true,
    entry: { clientId, exercise_id: draft.exercise_id, value, unit: draft.unit, set_on: draft.set_on as IsoDate }
  }
}

const newerFirst = (a: TestedMax, b: TestedMax): number =>
  a.set_on !== b.set_on
    ? a.set_on > b.set_on
      ? -1
      : 1
    : a.recorded_at > b.recorded_at
      ? -1
      : a.recorded_at < b.recorded_at
        ? 1
        : 0

/** Every entry kept, the saved one among them, newest first as the server lists them. */
export const withSaved = (entries: ReadonlyArray<TestedMax>, saved: TestedMax): ReadonlyArray<TestedMax> =>
  [saved, ...entries].sort(newerFirst)
