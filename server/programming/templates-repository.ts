import { createHash } from "node:crypto"
import { and, asc, count, eq, sql } from "drizzle-orm"
import { BadRequest } from "#domain/api-errors.ts"
import type { UserId } from "#domain/ids.ts"
import { templateCursor, type TemplatePosition } from "#domain/template-cursor.ts"
import { MAX_TEMPLATES_PER_COACH, type Template, type TemplateId, type TemplatePage } from "#domain/templates.ts"
import type { Db } from "../db/client.ts"
import { workoutTemplates } from "../db/schema.ts"
import { decodeContent, type ProgrammedContent } from "./content.ts"
import { listedTemplate, templateSummary } from "./template-summary.ts"

/*
 * A coach's templates (docs/decisions/025): a copy of a workout or a week's content, stored as
 * jsonb under a name that is the coach's own, with its summary beside it (template-summary.ts,
 * docs/decisions/051). Every query is scoped by coach_id, so another coach's template is
 * never read, applied or removed.
 */

export type SaveTemplateOutcome =
  | { readonly _tag: "Saved"; readonly template: Template }
  | { readonly _tag: "NameTaken" }
  /** The coach keeps MAX_TEMPLATES_PER_COACH already and this is a new one. */
  | { readonly _tag: "TooManyTemplates" }

/** The refusal of a new template past the cap; both screens that save one show its words. */
export const tooManyTemplates = () =>
  new BadRequest({
    error: `name: you keep ${MAX_TEMPLATES_PER_COACH} templates, the most one coach may; remove one you no longer use, then save this one`
  })

/** The first key of the advisory lock that orders one coach's new templates (the second is the coach). */
const TEMPLATE_LOCK_SPACE = 1_025_025

const contentHash = (content: ProgrammedContent): string =>
  createHash("sha256").update(JSON.stringify(content)).digest("base64url")

/** What the list reads of a template: never its content. */
const listedColumns = {
  id: workoutTemplates.id,
  name: workoutTemplates.name,
  kind: workoutTemplates.kind,
  daySpan: workoutTemplates.daySpan,
  workoutCount: workoutTemplates.workoutCount,
  exerciseNames: workoutTemplates.exerciseNames
}

const ownTemplate = (coachId: UserId, id: TemplateId) =>
  and(eq(workoutTemplates.coachId, coachId), eq(workoutTemplates.id, id))

/**
 * The list's order: name with case aside (as the client picker orders names), then id, so
 * two names differing in case alone keep one order. workout_templates_coach_order_idx
 * holds the coach's templates in it, so a page reads only its own rows.
 */
const lowerName = sql`lower(${workoutTemplates.name})`
const listOrder = [asc(lowerName), asc(workoutTemplates.id)]

/** After `position` in the list's order: the keyset a page starts from. */
const after = (position: TemplatePosition) =>
  sql`(${lowerName}, ${workoutTemplates.id}) > (lower(${position.name}::text), ${position.id}::int)`

/** All the coach's templates in the list's order, from their stored summaries. */
export async function listTemplates(db: Db, coachId: UserId): Promise<ReadonlyArray<Template>> {
  const rows = await db
    .select(listedColumns)
    .from(workoutTemplates)
    .where(eq(workoutTemplates.coachId, coachId))
    .orderBy(...listOrder)
  return rows.map(listedTemplate)
}

/**
 * Up to `limit` of the coach's templates after `from` (from the first without it), in the
 * list's order; `next` names the last of them when more follow. One row past the page
 * tells whether any do.
 */
export async function templatePage(
  db: Db,
  coachId: UserId,
  page: { readonly from: TemplatePosition | undefined; readonly limit: number }
): Promise<TemplatePage> {
  const rows = await db
    .select(listedColumns)
    .from(workoutTemplates)
    .where(and(eq(workoutTemplates.coachId, coachId), page.from === undefined ? undefined : after(page.from)))
    .orderBy(...listOrder)
    .limit(page.limit + 1)
  const templates = rows.slice(0, page.limit).map(listedTemplate)
  const last = templates.at(-1)
  return { templates, next: rows.length > page.limit && last !== undefined ? templateCursor(last) : null }
}

/**
 * Saves `content` under `name`. The name already holding the same content answers that
 * template (a retried save, even at the cap); holding other content it is NameTaken; a new
 * name past MAX_TEMPLATES_PER_COACH is TooManyTemplates. One coach's saves take turns (an
 * advisory lock held to the end of the caller's transaction), so two racing saves cannot
 * both pass the count, and the second of two on one name reads the first's row.
 */
export async function saveTemplate(
  db: Db,
  template: { readonly coachId: UserId; readonly name: string; readonly kind: Template["kind"] },
  content: ProgrammedContent
): Promise<SaveTemplateOutcome> {
  const hash = contentHash(content)
  return db.transaction(async (tx): Promise<SaveTemplateOutcome> => {
    await tx.execute(sql`select pg_advisory_xact_lock(${TEMPLATE_LOCK_SPACE}::int, ${template.coachId}::int)`)
    const [existing] = await tx
      .select({ ...listedColumns, contentHash: workoutTemplates.contentHash })
      .from(workoutTemplates)
      .where(and(eq(workoutTemplates.coachId, template.coachId), eq(workoutTemplates.name, template.name)))
    if (existing !== undefined)
      return existing.contentHash === hash && existing.kind === template.kind
        ? { _tag: "Saved", template: listedTemplate(existing) }
        : { _tag: "NameTaken" }
    const [kept] = await tx
      .select({ n: count() })
      .from(workoutTemplates)
      .where(eq(workoutTemplates.coachId, template.coachId))
    if ((kept?.n ?? 0) >= MAX_TEMPLATES_PER_COACH) return { _tag: "TooManyTemplates" }
    const [created] = await tx
      .insert(workoutTemplates)
      .values({ ...template, content, contentHash: hash, ...templateSummary(content) })
      .returning(listedColumns)
    if (created === undefined) throw new Error("template insert returned no row")
    return { _tag: "Saved", template: listedTemplate(created) }
  })
}

/**
 * A week template saved before weekdays were kept: the copy screen always saved a week
 * from its Sunday, so each offset is the weekday (docs/decisions/040).
 */
const withWeekdays = (kind: string, content: ProgrammedContent): ProgrammedContent =>
  kind === "week" ? content.map((workout) => ({ ...workout, weekday: workout.weekday ?? workout.offset })) : content

/** One of the coach's templates as stored: its name, kind and content. */
export interface StoredTemplate {
  readonly name: string
  readonly kind: Template["kind"]
  readonly content: ProgrammedContent
}

/** One of the coach's templates; undefined for anyone else's or none. */
export async function templateOf(db: Db, coachId: UserId, id: TemplateId): Promise<StoredTemplate | undefined> {
  const [row] = await db
    .select({ name: workoutTemplates.name, kind: workoutTemplates.kind, content: workoutTemplates.content })
    .from(workoutTemplates)
    .where(ownTemplate(coachId, id))
  return row === undefined ? undefined : { ...row, content: withWeekdays(row.kind, decodeContent(row.content)) }
}

/** Removes one of the coach's templates; false when there is none of theirs with that id. */
export async function removeTemplate(db: Db, coachId: UserId, id: TemplateId): Promise<boolean> {
  const removed = await db
    .delete(workoutTemplates)
    .where(ownTemplate(coachId, id))
    .returning({ id: workoutTemplates.id })
  return removed.length > 0
}
