import { createHash } from "node:crypto"
import { and, count, eq, sql } from "drizzle-orm"
import { BadRequest } from "#domain/api-errors.ts"
import type { UserId } from "#domain/ids.ts"
import { MAX_TEMPLATES_PER_COACH, type Template, type TemplateId } from "#domain/templates.ts"
import type { Db } from "../db/client.ts"
import { workoutTemplates } from "../db/schema.ts"
import { decodeContent, exerciseNamesOf, type ProgrammedContent } from "./content.ts"

/*
 * A coach's templates (docs/decisions/025): a copy of a workout or a week's content, stored as
 * jsonb under a name that is the coach's own. Every query is scoped by coach_id, so
 * another coach's template is never read, applied or removed.
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

const summary = (row: Pick<Template, "id" | "name" | "kind"> & { readonly content: unknown }): Template => {
  const content = decodeContent(row.content)
  const offsets = content.map((workout) => workout.offset)
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    days: offsets.length === 0 ? 0 : Math.max(...offsets) - Math.min(...offsets) + 1,
    workouts: content.length,
    exercises: [...new Set(exerciseNamesOf(content))]
  }
}

const columns = {
  id: workoutTemplates.id,
  name: workoutTemplates.name,
  kind: workoutTemplates.kind,
  content: workoutTemplates.content
}

const ownTemplate = (coachId: UserId, id: TemplateId) =>
  and(eq(workoutTemplates.coachId, coachId), eq(workoutTemplates.id, id))

type SummaryRow = {
  readonly id: TemplateId
  readonly name: string
  readonly kind: Template["kind"]
  readonly days: number
  readonly workouts: number
  readonly exercises: ReadonlyArray<string>
}

/**
 * The coach's templates by name (as the client picker orders names: case aside), then id.
 * Each summary is worked out by the database from the stored content, as `summary` does:
 * the list never carries a template's sets to the server, nor decodes them.
 */
export async function listTemplates(db: Db, coachId: UserId): Promise<ReadonlyArray<Template>> {
  const { rows } = await db.execute<SummaryRow>(sql`
    select t.id, t.name, t.kind,
      coalesce((select max((w ->> 'offset')::int) - min((w ->> 'offset')::int) + 1
        from jsonb_array_elements(t.content) w), 0) as days,
      jsonb_array_length(t.content) as workouts,
      coalesce((select jsonb_agg(named.name order by named.first)
        from (select e ->> 'name' as name, min(wi * 100000 + ei) as first
          from jsonb_array_elements(t.content) with ordinality as w(workout, wi),
            jsonb_array_elements(w.workout -> 'exercises') with ordinality as x(e, ei)
          group by e ->> 'name') named), '[]'::jsonb) as exercises
    from ${workoutTemplates} t
    where t.coach_id = ${coachId}`)
  // Both drivers read an int4 as a number and jsonb as its value: the rows are the contract's.
  return rows.sort((a, b) => a.name.localeCompare(b.name, "en-US", { sensitivity: "base" }) || a.id - b.id)
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
      .select({ ...columns, contentHash: workoutTemplates.contentHash })
      .from(workoutTemplates)
      .where(and(eq(workoutTemplates.coachId, template.coachId), eq(workoutTemplates.name, template.name)))
    if (existing !== undefined)
      return existing.contentHash === hash && existing.kind === template.kind
        ? { _tag: "Saved", template: summary(existing) }
        : { _tag: "NameTaken" }
    const [kept] = await tx
      .select({ n: count() })
      .from(workoutTemplates)
      .where(eq(workoutTemplates.coachId, template.coachId))
    if ((kept?.n ?? 0) >= MAX_TEMPLATES_PER_COACH) return { _tag: "TooManyTemplates" }
    const [created] = await tx
      .insert(workoutTemplates)
      .values({ ...template, content, contentHash: hash })
      .returning(columns)
    if (created === undefined) throw new Error("template insert returned no row")
    return { _tag: "Saved", template: summary(created) }
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
