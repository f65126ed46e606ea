import type { Template } from "#domain/templates.ts"
import { exerciseNamesOf, type ProgrammedContent } from "./content.ts"

/*
 * What the template list says of a template without opening it (docs/decisions/051):
 * worked out once, when it is saved, and stored beside its content in
 * workout_templates (day_span, workout_count, exercise_names), so listing a coach's
 * templates never reads their content. Migration 0014 worked it out in SQL for the
 * templates kept before; test/server/template-summaries-migration.test.ts holds the two
 * to the same answer.
 */

/** The stored summary columns of a template, as workoutTemplates names them. */
export interface TemplateSummary {
  /** Days from the first to the last day with a workout, counted (1 for a workout; 0 for none). */
  readonly daySpan: number
  readonly workoutCount: number
  /** Each exercise once, where it first appears: by workout, then by exercise. */
  readonly exerciseNames: ReadonlyArray<string>
}

export function templateSummary(content: ProgrammedContent): TemplateSummary {
  const offsets = content.map((workout) => workout.offset)
  return {
    daySpan: offsets.length === 0 ? 0 : Math.max(...offsets) - Math.min(...offsets) + 1,
    workoutCount: content.length,
    exerciseNames: [...new Set(exerciseNamesOf(content))]
  }
}

/** A stored row as the contract lists it. */
export const listedTemplate = (row: Pick<Template, "id" | "name" | "kind"> & TemplateSummary): Template => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  days: row.daySpan,
  workouts: row.workoutCount,
  exercises: row.exerciseNames
})
