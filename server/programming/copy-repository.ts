import { createHash } from "node:crypto"
import { and, asc, eq, gte, inArray, lte, or, sql } from "drizzle-orm"
import { isIsoDate } from "#domain/calendar.ts"
import { type CopyPayload, type CopyReport, MAX_COPY_SETS } from "#domain/copy-plan.ts"
import type { UserId } from "#domain/ids.ts"
import { copiedWeekRules } from "#domain/week-transforms.ts"
import type { Db } from "../db/client.ts"
import { copyKeys, exercises, sets, users, workouts } from "../db/schema.ts"
import { detailColumns } from "../workouts/repository.ts"
import { type ProgrammedContent, readContent, setColumns } from "./content.ts"
import {
  type CopyPlan,
  dayKey,
  type ExistingDays,
  landingSpan,
  MAX_CREATED_DAYS,
  planCopy,
  type PlannedWorkout
} from "./plan.ts"
import { templateOf } from "./templates-repository.ts"

/*
 * POST /api/workouts/copy's storage (docs/decisions/025): the plan is worked out and
 * written in one transaction, so every day is created or none; the same idempotency key
 * again answers the first copy's report.
 */

export type CopyOutcome =
  | { readonly _tag: "Copied"; readonly report: CopyReport }
  | { readonly _tag: "KeyReused" }
  | { readonly _tag: "NoTemplate"; readonly templateId: number }
  | { readonly _tag: "EmptySource" }
  | { readonly _tag: "TooManyDays"; readonly days: number }
  /** The copy would write more than MAX_COPY_SETS set rows. */
  | { readonly _tag: "TooManySets"; readonly sets: number }
  /** A program template copied more than once: it holds its own weeks (docs/decisions/049). */
  | { readonly _tag: "ProgramRepeated" }
  /** The target (by its place in `targets`) would have days past the last day a date can name. */
  | { readonly _tag: "LateStart"; readonly target: number }

/**
 * What makes two copies the same request: everything but the key and dryRun. A legacy
 * request hashes as it always did; one with `weeks` adds them.
 */
const requestHash = (payload: CopyPayload): string =>
  createHash("sha256")
    .update(
      JSON.stringify([
        payload.source,
        payload.targets,
        payload.repeats ?? [],
        payload.onBusyDay ?? "skip",
        ...(payload.weeks === undefined ? [] : [payload.weeks])
      ])
    )
    .digest("base64url")

// Far below PostgreSQL's 65,535 bind parameters for the widest row (sets: 13 columns).
const ROWS_PER_INSERT = 2000
const chunks = <T>(items: ReadonlyArray<T>): Array<ReadonlyArray<T>> =>
  Array.from({ length: Math.ceil(items.length / ROWS_PER_INSERT) }, (_, i) =>
    items.slice(i * ROWS_PER_INSERT, (i + 1) * ROWS_PER_INSERT)
  )

async function existingDays(
  db: Db,
  content: ProgrammedContent,
  payload: CopyPayload,
  weeks: number
): Promise<ExistingDays> {
  const spans = payload.targets.map((target) => ({
    clientId: target.clientId,
    ...landingSpan(content, target, weeks)
  }))
  const rows = await db
    .select({
      clientId: workouts.clientId,
      date: workouts.date,
      next: sql<number>`max(${workouts.workoutOrder}) + 1`.mapWith(Number),
      present: sql<boolean>`bool_or(${workouts.deletedAt} is null)`.mapWith(Boolean)
    })
    .from(workouts)
    .where(
      or(
        ...spans.map((span) =>
          and(eq(workouts.clientId, span.clientId), gte(workouts.date, span.from), lte(workouts.date, span.to))
        )
      )
    )
    .groupBy(workouts.clientId, workouts.date)
  return {
    busy: new Set(rows.filter((row) => row.present).map((row) => dayKey(row.clientId, row.date))),
    nextOrder: new Map(rows.map((row) => [dayKey(row.clientId, row.date), row.next]))
  }
}

async function insertWorkouts(db: Db, coachId: UserId, planned: ReadonlyArray<PlannedWorkout>): Promise<void> {
  const workoutIds = new Map<string, number>()
  for (const chunk of chunks(planned)) {
    const rows = await db
      .insert(workouts)
      .values(
        chunk.map((w) => ({
          clientId: w.clientId,
          coachId,
          date: w.date,
          workoutOrder: w.workoutOrder,
          category: w.category,
          title: w.title ?? null
        }))
      )
      .returning({ id: workouts.id, clientId: workouts.clientId, date: workouts.date, order: workouts.workoutOrder })
    for (const row of rows) workoutIds.set(`${dayKey(row.clientId, row.date)}/${row.order}`, row.id)
  }
  const exerciseRows = planned.flatMap((w) => {
    const workoutId = workoutIds.get(`${dayKey(w.clientId, w.date)}/${w.workoutOrder}`)
    if (workoutId === undefined) throw new Error("a planned workout was not inserted")
    return w.exercises.map((exercise, exerciseOrder) => ({ workoutId, exerciseOrder, exercise }))
  })
  const exerciseIds = new Map<string, number>()
  for (const chunk of chunks(exerciseRows)) {
    const rows = await db
      .insert(exercises)
      .values(
        chunk.map((row) => ({
          workoutId: row.workoutId,
          exerciseOrder: row.exerciseOrder,
          name: row.exercise.name,
          libraryId: row.exercise.exercise_id ?? null,
          ...detailColumns(row.exercise)
        }))
      )
      .returning({ id: exercises.id, workoutId: exercises.workoutId, order: exercises.exerciseOrder })
    for (const row of rows) exerciseIds.set(`${row.workoutId}/${row.order}`, row.id)
  }
  const setRows = exerciseRows.flatMap((row) => {
    const exerciseId = exerciseIds.get(`${row.workoutId}/${row.exerciseOrder}`)
    if (exerciseId === undefined) throw new Error("a planned exercise was not inserted")
    return row.exercise.sets.map((set, setIndex) => ({ exerciseId, setIndex, ...setColumns(set) }))
  })
  for (const chunk of chunks(setRows)) await db.insert(sets).values([...chunk])
}

/** The source's content, and whether it is a program (a template of kind "program"); undefined: no such template. */
const loadContent = async (
  db: Db,
  coachId: UserId,
  source: CopyPayload["source"]
): Promise<{ readonly content: ProgrammedContent; readonly program: boolean } | undefined> => {
  if (source.kind !== "template") return { content: await readContent(db, source), program: false }
  const template = await templateOf(db, coachId, source.templateId)
  return template === undefined ? undefined : { content: template.content, program: template.kind === "program" }
}

const reportOf = (plan: CopyPlan, dryRun: boolean): CopyReport => ({ dryRun, days: plan.days, weeks: plan.weeks })

/**
 * Copies as `payload` says, for a coach whose links to every client named the caller has
 * checked. The coach's row is locked first, so two copies with one key (a retry sent while
 * the first is running) queue and the second answers the first's report; the target
 * clients' rows are locked as saveWorkout locks them, so a save and a copy to the same
 * day take orders one after the other.
 */
export async function copyWorkouts(db: Db, coachId: UserId, payload: CopyPayload): Promise<CopyOutcome> {
  const dryRun = payload.dryRun === true
  const hash = requestHash(payload)
  return db.transaction(async (tx) => {
    if (!dryRun) {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, coachId)).for("update")
      const [earlier] = await tx
        .select({ requestHash: copyKeys.requestHash, report: copyKeys.report })
        .from(copyKeys)
        .where(and(eq(copyKeys.coachId, coachId), eq(copyKeys.key, payload.idempotencyKey)))
      if (earlier !== undefined)
        return earlier.requestHash === hash ? { _tag: "Copied", report: earlier.report } : { _tag: "KeyReused" }
    }
    const source = await loadContent(tx, coachId, payload.source)
    if (source === undefined)
      return { _tag: "NoTemplate", templateId: payload.source.kind === "template" ? payload.source.templateId : 0 }
    const content = source.content
    if (content.length === 0) return { _tag: "EmptySource" }
    const weeks = copiedWeekRules(payload)
    if (source.program && weeks.length > 1) return { _tag: "ProgramRepeated" }
    // A program's days reach past the week the handler checked: every landing must be a date.
    const late = payload.targets.findIndex((target) => !isIsoDate(landingSpan(content, target, weeks.length).to))
    if (late >= 0) return { _tag: "LateStart", target: late }
    if (!dryRun) {
      const clientIds = [...new Set(payload.targets.map((target) => target.clientId))]
      await tx
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.id, clientIds))
        .orderBy(asc(users.id))
        .for("update")
    }
    const plan = planCopy(
      content,
      { targets: payload.targets, weeks, addToBusyDays: payload.onBusyDay === "add" },
      await existingDays(tx, content, payload, weeks.length)
    )
    if (plan.createdDays > MAX_CREATED_DAYS) return { _tag: "TooManyDays", days: plan.createdDays }
    if (plan.createdSets > MAX_COPY_SETS) return { _tag: "TooManySets", sets: plan.createdSets }
    if (dryRun) return { _tag: "Copied", report: reportOf(plan, true) }
    await insertWorkouts(tx, coachId, plan.workouts)
    const report = reportOf(plan, false)
    await tx.insert(copyKeys).values({ coachId, key: payload.idempotencyKey, requestHash: hash, report })
    return { _tag: "Copied", report }
  })
}
