import { addDays } from "#domain/calendar.ts"
import { daySetLoads, E1RM_WINDOW_DAYS, testedMaxesOf, workingE1rmsOf } from "#domain/set-loads.ts"
import type { LoadReferencesContext } from "./load-references.types.ts"

/** The range of logged sets the working e1RM reads: the 8 weeks before the day, the day itself left out. */
export const e1rmWindow = (date: LoadReferencesContext["date"]) => ({
  from: addDays(date, -E1RM_WINDOW_DAYS),
  to: addDays(date, -1)
})

/** The context with every set's load worked out again from what it now holds. */
export const workOut = (context: LoadReferencesContext): LoadReferencesContext => {
  const unit = context.preferences?.unit ?? null
  const references = {
    maxes: context.maxes === null ? null : testedMaxesOf(context.maxes),
    e1rms: context.results === null || unit === null ? null : workingE1rmsOf(context.results, context.today, unit),
    preferences: context.preferences
  }
  return { ...context, unit, answers: daySetLoads(context.day, references) }
}
