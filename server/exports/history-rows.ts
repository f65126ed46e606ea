import { and, asc, eq, sql } from "drizzle-orm"
import type { IsoDate } from "#domain/calendar.ts"
import type { ExportedSet } from "#domain/import-formats/history-export.ts"
import type { UserId } from "#domain/ids.ts"
import type { Db } from "../db/client.ts"
import { isoInstant } from "../db/iso-instant.ts"
import { exercises, importedSessions, setResults, sets, workoutCompletions, workouts } from "../db/schema.ts"
import { oursKey } from "../imports/repository.ts"
import { setWasDone } from "../progress/done-day.ts"
import { notRemoved } from "../workouts/row-queries.ts"

/*
 * A lifter's history as the exports write it (docs/decisions/049-import-and-export.md): one
 * ExportedSet per set done (a skipped set, or one with nothing logged, is left out), oldest
 * first, read a batch at a time after the last one written, so a history of any length
 * is never held whole.
 */

/** Sets read per query. */
export const EXPORT_BATCH = 2000

/** Where the last batch ended: the set's place in the lifter's history, unique per lifter. */
interface Cursor {
  readonly date: IsoDate
  readonly workoutOrder: number
  readonly exerciseOrder: number
  readonly setIndex: number
}

const columns = {
  date: workouts.date,
  workoutOrder: workouts.workoutOrder,
  title: workouts.title,
  sessionKey: importedSessions.sessionKey,
  startedAt: sql<string | null>`${isoInstant(workoutCompletions.startedAt)}`,
  durationSeconds: workoutCompletions.durationSeconds,
  exerciseOrder: exercises.exerciseOrder,
  exercise: exercises.name,
  exerciseId: exercises.libraryId,
  setIndex: sets.setIndex,
  weight: setResults.performedWeight,
  unit: setResults.weightUnit,
  reps: setResults.performedReps,
  rpe: setResults.performedRpe,
  rir: setResults.performedRir
}

async function batchAfter(db: Db, clientId: UserId, after: Cursor | undefined, size: number) {
  return db
    .select(columns)
    .from(workouts)
    .innerJoin(exercises, eq(exercises.workoutId, workouts.id))
    .innerJoin(sets, eq(sets.exerciseId, exercises.id))
    .innerJoin(setResults, eq(setResults.setId, sets.id))
    .leftJoin(workoutCompletions, eq(workoutCompletions.workoutId, workouts.id))
    .leftJoin(importedSessions, eq(importedSessions.workoutId, workouts.id))
    .where(
      and(
        eq(workouts.clientId, clientId),
        notRemoved,
        setWasDone,
        after === undefined
          ? undefined
          : sql`(${workouts.date}, ${workouts.workoutOrder}, ${exercises.exerciseOrder}, ${sets.setIndex})
              > (${after.date}::date, ${after.workoutOrder}::integer, ${after.exerciseOrder}::integer, ${after.setIndex}::integer)`
      )
    )
    .orderBy(asc(workouts.date), asc(workouts.workoutOrder), asc(exercises.exerciseOrder), asc(sets.setIndex))
    .limit(size)
}

type Row = Awaited<ReturnType<typeof batchAfter>>[number]

/** One stored set as the printers take it (src/domain/import-formats/history-export.ts). */
const exported = (row: Row): ExportedSet => ({
  date: row.date,
  session: row.sessionKey ?? oursKey(row.date, row.workoutOrder),
  workout: row.title ?? `Workout ${row.workoutOrder + 1}`,
  started_at: row.startedAt,
  duration_seconds: row.durationSeconds,
  exercise: row.exercise,
  exercise_id: row.exerciseId ?? "",
  set: row.setIndex + 1,
  weight: row.weight,
  unit: row.unit,
  reps: row.reps,
  // A set logged in RIR is written in RPE, the one effort column the formats have (ADR 016: RPE = 10 - RIR).
  rpe: row.rpe ?? (row.rir === null ? null : 10 - row.rir)
})

/** The lifter's done sets, oldest first, a batch of at most `size` at a time. */
export async function* historyBatches(
  db: Db,
  clientId: UserId,
  size: number = EXPORT_BATCH
): AsyncGenerator<ReadonlyArray<ExportedSet>> {
  let after: Cursor | undefined
  for (;;) {
    const rows = await batchAfter(db, clientId, after, size)
    const last = rows.at(-1)
    if (last === undefined) return
    yield rows.map(exported)
    if (rows.length < size) return
    after = {
      date: last.date,
      workoutOrder: last.workoutOrder,
      exerciseOrder: last.exerciseOrder,
      setIndex: last.setIndex
    }
  }
}
