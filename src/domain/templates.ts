import * as Schema from "effect/Schema"
import { IsoDate } from "./calendar.ts"
import { ExerciseName } from "./exercises.ts"
import { UserId } from "./ids.ts"
import { MAX_DATABASE_ID, hasOnlyPrintableCharacters } from "./plain-bounds.ts"
import { WorkoutOrder } from "./workout-edits.ts"

/*
 * Templates (docs/decisions/025): a coach saves a workout or a week under a name and later applies
 * it to any of their clients from a date (POST /api/workouts/copy with a template source).
 * A template is a copy of the content when it was saved; editing the workout afterwards
 * does not change it. Templates belong to their coach: nobody else lists, applies or
 * removes them.
 */

export const TemplateId = Schema.Number.annotate({ message: "template id must be a number" })
  .check(
    Schema.isInt({ message: "template id must be a whole number" }),
    Schema.isGreaterThan(0, { message: "template id must be a positive whole number" }),
    Schema.isLessThanOrEqualTo(MAX_DATABASE_ID, { message: `template id must be at most ${MAX_DATABASE_ID}` })
  )
  .pipe(Schema.brand("TemplateId"))
export type TemplateId = typeof TemplateId.Type

/** The longest template name, in characters. */
export const MAX_TEMPLATE_NAME_LENGTH = 80

export const TemplateName = Schema.String.annotate({ message: "name must be a string" }).check(
  Schema.isTrimmed({ message: "name must not start or end with spaces" }),
  Schema.isMinLength(1, { message: "name must not be empty" }),
  Schema.isMaxLength(MAX_TEMPLATE_NAME_LENGTH, {
    message: `name must be at most ${MAX_TEMPLATE_NAME_LENGTH} characters`
  }),
  Schema.makeFilter(hasOnlyPrintableCharacters, { message: "name must not contain control characters" })
)
export type TemplateName = typeof TemplateName.Type

/** The most templates one coach keeps, saved and imported alike (docs/product.md, Limits). */
export const MAX_TEMPLATES_PER_COACH = 100

/** What a template is made from: one saved workout, or the 7 days from `from`. */
export const TemplateSource = Schema.Union([
  Schema.Struct({ kind: Schema.Literal("workout"), clientId: UserId, date: IsoDate, workoutOrder: WorkoutOrder }),
  Schema.Struct({ kind: Schema.Literal("week"), clientId: UserId, from: IsoDate })
]).annotate({ message: 'source.kind must be "workout" or "week"' })
export type TemplateSource = typeof TemplateSource.Type

/** Body of POST /api/templates. A name the coach already uses is a 409. */
export const NewTemplate = Schema.Struct({ name: TemplateName, source: TemplateSource })
export type NewTemplate = typeof NewTemplate.Type

/** A template as listed: enough to choose one without opening it. */
export const Template = Schema.Struct({
  id: TemplateId,
  name: TemplateName,
  /** "program": imported from a program file, its weeks in one template (program-format.ts, docs/decisions/049). */
  kind: Schema.Literals(["workout", "week", "program"]),
  /** Days from the first to the last day with a workout, counted (1 for a workout). */
  days: Schema.Number,
  workouts: Schema.Number,
  exercises: Schema.Array(ExerciseName)
})
export type Template = typeof Template.Type

/** GET /api/templates: all the caller's templates, by name (case aside), then id. */
export const Templates = Schema.Array(Template)
export type Templates = typeof Templates.Type

/** A page's templates when the request names no limit (GET /api/templates/page). */
export const TEMPLATE_PAGE_SIZE = 25
/** The most templates one page holds: as many as one coach keeps. */
export const MAX_TEMPLATE_PAGE = MAX_TEMPLATES_PER_COACH

const limitMessage = `limit must be a whole number from 1 to ${MAX_TEMPLATE_PAGE}`
export const TemplatePageLimit = Schema.Number.annotate({ message: limitMessage }).check(
  Schema.isInt({ message: limitMessage }),
  Schema.isBetween({ minimum: 1, maximum: MAX_TEMPLATE_PAGE }, { message: limitMessage })
)

export const TEMPLATE_CURSOR_MESSAGE = "after must be the next of an earlier page"
/** Base64url of ["<a template name>", <id>], with room (template-cursor.ts). */
export const MAX_CURSOR_LENGTH = 1_000

/**
 * Where a page ended, as the server made it (template-cursor.ts); opaque to the client,
 * which checks only its shape. The server reads it and answers 400 for one it did not make.
 */
export const TemplateCursor = Schema.String.annotate({ message: TEMPLATE_CURSOR_MESSAGE }).check(
  Schema.isPattern(/^[A-Za-z0-9_-]+$/, { message: TEMPLATE_CURSOR_MESSAGE }),
  Schema.isMaxLength(MAX_CURSOR_LENGTH, { message: TEMPLATE_CURSOR_MESSAGE })
)
export type TemplateCursor = typeof TemplateCursor.Type

/**
 * GET /api/templates/page: up to `limit` of the caller's templates after `after`, in the
 * list's order (name, case aside, then id); `next` asks for the page after, null on the
 * last page (docs/decisions/051).
 */
export const TemplatePage = Schema.Struct({ templates: Templates, next: Schema.NullOr(TemplateCursor) })
export type TemplatePage = typeof TemplatePage.Type

export const RemovedTemplate = Schema.Struct({ id: TemplateId })
export type RemovedTemplate = typeof RemovedTemplate.Type
