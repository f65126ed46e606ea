import { createHash } from "node:crypto"
import { and, eq } from "drizzle-orm"
import type { UserId } from "#domain/ids.ts"
import type { Template, TemplateId } from "#domain/templates.ts"
import type { Db } from "../db/client.ts"
import { workoutTemplates } from "../db/schema.ts"
import { decodeContent, exerciseNamesOf, type ProgrammedContent } from "./content.ts"

/*
 * A coach's templates (docs/decisions/025): a copy of a workout or a week's content, stored as
 * jsonb under a name that is the coach's own. Every query is scoped by coach_id, so
 * another coach's template is never read, applied or removed.
 */

export type SaveTemplateOutcome =
  { readonly _tag: "Saved"; readonly template: Template } | { readonly _tag: "NameTaken" }

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

/** The coach's templates by name (as the client picker orders names: case aside), then id. */
export async function listTemplates(db: Db, coachId: UserId): Promise<ReadonlyArray<Template>> {
  const rows = await db.select(columns).from(workoutTemplates).where(eq(workoutTemplates.coachId, coachId))
  return rows.map(summary).sort((a, b) => a.name.localeCompare(b.name, "en-US", { sensitivity: "base" }) || a.id - b.id)
}

/**
 * Saves `content` under `name`. The name already holding the same content answers that
 * template (a retried save); holding other content it is NameTaken. Two saves racing on
 * one name meet at the unique index: the second waits, then reads the first's row.
 */
export async function saveTemplate(
  db: Db,
  template: { readonly coachId: UserId; readonly name: string; readonly kind: Template["kind"] },
  content: ProgrammedContent
): Promise<SaveTemplateOutcome> {
  const hash = contentHash(content)
  const [created] = await db
    .insert(workoutTemplates)
    .values({ ...template, content, contentHash: hash })
    .onConflictDoNothing()
    .returning(columns)
  if (created !== undefined) return { _tag: "Saved", template: summary(created) }
  const [existing] = await db
    .select({ ...columns, contentHash: workoutTemplates.contentHash })
    .from(workoutTemplates)
    .where(and(eq(workoutTemplates.coachId, template.coachId), eq(workoutTemplates.name, template.name)))
  if (existing === undefined) throw new Error("template name taken but not found")
  return existing.contentHash === hash && existing.kind === template.kind
    ? { _tag: "Saved", template: summary(existing) }
    : { _tag: "NameTaken" }
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
