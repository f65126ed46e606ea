import type { Page } from "@playwright/test"
import { todayIso } from "#domain/calendar.ts"
import { api, coachAndClient, type SavedRow } from "./api.ts"

/*
 * What the logging specs share: a prescribed set as the coach's API takes it, today's
 * workout for a new coach and client, and a set's group on the logging page.
 */

/** A set of `reps` at `weight` (the coach's unit), not AMSAP. */
export const prescribed = (reps: number, weight: number) => ({
  amsap: false,
  fields: [
    { name: "reps", value: reps },
    { name: "weight", value: weight }
  ]
})

/** Set `n` (1-based) of the exercise on screen. */
export const setGroup = (page: Page, n: number) => page.getByRole("group", { name: new RegExp(`^Set ${n}\\b`) })

/** A coach with one client and today's workout of `exercises` (sets as `prescribed` makes them). */
export async function coachedWorkoutToday(
  baseURL: string,
  exercises: ReadonlyArray<{ readonly name: string; readonly sets: ReadonlyArray<object> }>
) {
  const people = await coachAndClient(baseURL)
  const today = todayIso(new Date())
  const rows = (await api(baseURL, people.coachIds.token, "POST", "/api/workout", {
    clientId: people.clientIds.id,
    date: today,
    workout: exercises
  })) as ReadonlyArray<SavedRow>
  return { ...people, today, rows }
}
