import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { BadRequest, Conflict } from "#domain/api-errors.ts"
import type { UserId } from "#domain/ids.ts"
import { type Program, programExercises } from "#domain/program.ts"
import { TemplateNameTaken, TemplateNotFound } from "#domain/template-errors.ts"
import { currentCoach } from "../account.ts"
import { ServerApi } from "../api.ts"
import type { Db } from "../db/client.ts"
import { exerciseIdsUnusableBy } from "../exercises/library.ts"
import { Database, makeRun } from "../services.ts"
import { linkNames } from "../workouts/repository.ts"
import { contentProgram, programContent } from "./program-content.ts"
import { type SaveTemplateOutcome, saveTemplate, templateOf, tooManyTemplates } from "./templates-repository.ts"

/*
 * A coach's programs (docs/decisions/049, "Programs and rosters"): POST /api/templates/import
 * keeps a program file's program as a template of kind "program", its exercises linked to
 * the library as a saved workout's are; GET /api/templates/{templateId}/program reads one
 * of the coach's templates back as a program, for the browser to write as a file.
 */

/** Where an exercise of the program is, as the payload names it. */
function exercisePaths(program: Program): ReadonlyArray<string> {
  return program.weeks.flatMap((week, w) =>
    week.days.flatMap((day, d) =>
      day.workouts.flatMap((workout, k) =>
        workout.exercises.map((_, e) => `program.weeks[${w}].days[${d}].workouts[${k}].exercises[${e}]`)
      )
    )
  )
}

/**
 * Links every exercise (its id as sent, else its name as a saved workout's name is linked)
 * and saves the template, in one transaction: a taken name leaves no exercise made for it.
 */
async function storeProgram(db: Db, coachId: UserId, name: string, program: Program): Promise<SaveTemplateOutcome> {
  return db.transaction(async (tx) => {
    const exercises = programExercises(program).map((exercise) => ({ ...exercise, sets: [] }))
    const ids = await linkNames(tx, coachId, exercises)
    return saveTemplate(tx, { coachId, name, kind: "program" }, programContent(program, ids))
  })
}

const noTemplate = (id: number) =>
  new TemplateNotFound({ error: `templateId: no template with id ${id} among your templates` })

export const ProgramsLive = HttpApiBuilder.group(ServerApi, "programs", (handlers) =>
  Effect.gen(function* () {
    const run = makeRun(yield* Database)
    return handlers
      .handle("importProgram", ({ payload }) =>
        Effect.gen(function* () {
          const coach = yield* currentCoach(run, "import programs")
          const exercises = programExercises(payload.program)
          const named = exercises.flatMap((exercise) =>
            exercise.exercise_id === undefined ? [] : [exercise.exercise_id]
          )
          const unusable = new Set(
            named.length === 0 ? [] : yield* run((db) => exerciseIdsUnusableBy(db, coach.id, named))
          )
          const first = exercises.findIndex((exercise) => unusable.has(exercise.exercise_id ?? ""))
          if (first >= 0)
            return yield* new BadRequest({
              error: `${exercisePaths(payload.program)[first]}.exercise_id: must be an exercise of the library`
            })
          const outcome = yield* run((db) => storeProgram(db, coach.id, payload.name, payload.program))
          if (outcome._tag === "NameTaken")
            return yield* new TemplateNameTaken({
              error: `name: you already have a template named "${payload.name}" with other content; choose another name`
            })
          if (outcome._tag === "TooManyTemplates") return yield* tooManyTemplates()
          return outcome.template
        })
      )
      .handle("templateProgram", ({ params: { templateId } }) =>
        Effect.gen(function* () {
          const coach = yield* currentCoach(run, "export programs")
          const template = yield* run((db) => templateOf(db, coach.id, templateId))
          if (template === undefined) return yield* noTemplate(templateId)
          const written = contentProgram(template.name, template.content)
          if ("unwritable" in written)
            return yield* new Conflict({
              error: `templateId: this template holds what a program file cannot: ${written.unwritable}`
            })
          return written.program
        })
      )
  })
)
