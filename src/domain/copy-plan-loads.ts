import { WEEKDAY_HEADERS } from "#domain/calendar.ts"
import type { CopiedWeek, SetLoads } from "#domain/copy-plan.ts"
import { formatAmount, formatLoad } from "#domain/units.ts"

/*
 * The loads of each copied week as the preview reads them (docs/decisions/040): "Week 2,
 * Mon — Back Squat sets 1–3: 77.5% of max". Every number carries its unit; the numbers
 * are the server's, the rows it will write.
 */

/** "77.5% of max and 100 lb", "no load" for a set with none. */
export const loadsText = (set: SetLoads): string => {
  const parts = [
    set.maxPercent === null ? null : `${formatAmount(set.maxPercent)}% of max`,
    set.e1rmPercent === null ? null : `${formatAmount(set.e1rmPercent)}% of e1RM`,
    set.weight === null ? null : formatLoad(set.weight, set.unit, "symbol")
  ].filter((part) => part !== null)
  return parts.length === 0 ? "no load" : parts.join(" and ")
}

/** Consecutive sets with the same loads read as one line: "set 1", "sets 2–4". */
const setRuns = (sets: ReadonlyArray<SetLoads>): ReadonlyArray<{ readonly sets: string; readonly text: string }> => {
  const runs: Array<{ first: number; last: number; text: string }> = []
  for (const [index, set] of sets.entries()) {
    const text = loadsText(set)
    const previous = runs.at(-1)
    if (previous?.text === text) previous.last = index + 1
    else runs.push({ first: index + 1, last: index + 1, text })
  }
  return runs.map((run) => ({
    sets: run.first === run.last ? `set ${run.first}` : `sets ${run.first}–${run.last}`,
    text: run.text
  }))
}

/** One line per exercise and run of like sets, week by week. */
export const weekLoadLines = (weeks: ReadonlyArray<CopiedWeek>): ReadonlyArray<string> =>
  weeks.flatMap((week) =>
    week.workouts.flatMap((workout) => {
      const day = workout.weekday === null ? "" : `, ${WEEKDAY_HEADERS[workout.weekday] ?? ""}`
      return workout.exercises.flatMap((exercise) =>
        setRuns(exercise.sets).map((run) => `Week ${week.week}${day} — ${exercise.name} ${run.sets}: ${run.text}`)
      )
    })
  )
