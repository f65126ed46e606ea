import { and, desc, eq, inArray, sql } from "drizzle-orm"
import { BadRequest } from "#domain/api-errors.ts"
import { type IsoDate, isIsoDate } from "#domain/calendar.ts"
import { findCanonical } from "#domain/exercise-catalogue.ts"
import {
  IMPORT_UNDO_HOURS,
  type ImportChunk,
  type ImportChunkReport,
  type ImportedSession,
  type ImportId,
  type ImportRecord
} from "#domain/history-import.ts"
import type { UserId } from "#domain/ids.ts"
import { ImportKeyReused, ImportNotFound, UndoWindowPassed } from "#domain/import-errors.ts"
import type { Db } from "../db/client.ts"
import { isoInstant } from "../db/iso-instant.ts"
import { currentLink } from "../clients/current-link.ts"
import {
  coachClients,
  exerciseLibrary,
  exercises,
  importedSessions,
  imports,
  setResults,
  sets,
  users,
  workoutCompletions,
  workouts
} from "../db/schema.ts"
import { exerciseIdsUnusableBy, libraryKey } from "../exercises/library.ts"

/*
 * A lifter's logbook brought from another app, stored a chunk at a time
 * (docs/decisions/049-import-and-export.md). Each chunk is one transaction: its sessions
 * are stored whole or not at all, one insert per table, so a chunk of 1000 sets is a
 * handful of statements. A session whose key the lifter already imported is skipped, so
 * the same file again, or an export overlapping an earlier one, adds only what is new.
 */

/** Exercises of the lifter's own one chunk may add: past this the lifter maps more of them to the library. */
export const MAX_NEW_EXERCISES_PER_CALL = 50
/** The most workouts one day may hold (the completions' workout_order bound, src/domain/completion.ts). */
const MAX_WORKOUT_ORDER = 1000
/** Imports GET /api/imports lists, newest first. */
export const LISTED_IMPORTS = 100

/** Our own export's session key: `ours:<date>:<workout_order>` (server/exports). */
const OURS_KEY = /^ours:(\d{4}-\d{2}-\d{2}):(\d{1,9})$/

export const oursKey = (date: IsoDate, workoutOrder: number): string => `ours:${date}:${workoutOrder}`

export type ChunkOutcome =
  { readonly _tag: "Stored"; readonly report: ImportChunkReport } | ImportKeyReused | BadRequest

interface Placed {
  /** Where the session is in the chunk, for messages. */
  readonly index: number
  readonly session: ImportedSession
  readonly workoutOrder: number
}

/** A row an insert of this chunk made, by its natural key; none is a defect. */
const found = <K, V>(rows: ReadonlyMap<K, V>, key: K): V => {
  const value = rows.get(key)
  if (value === undefined) throw new Error(`no row stored for ${String(key)}`)
  return value
}

const keyReused = () =>
  new ImportKeyReused({
    error:
      "import_key: already used for an import of another file or source, or one undone; a new import needs a new key"
  })

/** Noon UTC on the day: its calendar day is the same from UTC-12 to UTC+11. */
const noonOf = (date: IsoDate) => `${date}T12:00:00.000Z`

/** When the session was done, as the database stores an instant. */
const sessionTimes = (session: ImportedSession) => {
  const started = new Date(session.started_at ?? noonOf(session.date))
  const durationSeconds = session.duration_seconds ?? 0
  return { started, ended: new Date(started.getTime() + durationSeconds * 1000), durationSeconds }
}

/**
 * The exercise ids of the chunk the lifter may not use: neither canonical, nor their
 * coach's own, nor their own (made by an earlier import). Another coach's is refused alike.
 */
async function unusableIds(
  db: Db,
  lifterId: UserId,
  coachId: UserId | undefined,
  ids: ReadonlyArray<string>
): Promise<ReadonlySet<string>> {
  if (ids.length === 0) return new Set()
  const notCoachs = coachId === undefined ? ids : await exerciseIdsUnusableBy(db, coachId, ids)
  return new Set(notCoachs.length === 0 ? [] : await exerciseIdsUnusableBy(db, lifterId, notCoachs))
}

/** The chunk's sessions not stored before: neither by key nor, for our own export's keys, as a live workout. */
async function sessionsToAdd(db: Db, lifterId: UserId, chunk: ImportChunk) {
  const keys = [...new Set(chunk.sessions.map((session) => session.key))]
  const stored = await db
    .select({ key: importedSessions.sessionKey })
    .from(importedSessions)
    .where(and(eq(importedSessions.clientId, lifterId), inArray(importedSessions.sessionKey, keys)))
  const known = new Set(stored.map((row) => row.key))
  const ours = keys.flatMap((key) => {
    const match = OURS_KEY.exec(key)
    const date = match?.[1]
    // A key that only looks like ours (no such day) names no workout: it is imported as it is.
    return date === undefined || !isIsoDate(date) || known.has(key) ? [] : [{ key, date, order: Number(match?.[2]) }]
  })
  if (ours.length > 0) {
    // Our own export brought back: a workout still there at its date and order adds nothing.
    const live = await db
      .select({ date: workouts.date, order: workouts.workoutOrder })
      .from(workouts)
      .where(
        and(
          eq(workouts.clientId, lifterId),
          sql`${workouts.deletedAt} is null`,
          sql`(${workouts.date}, ${workouts.workoutOrder}) in (${sql.join(
            ours.map((one) => sql`(${one.date}::date, ${one.order}::integer)`),
            sql`, `
          )})`
        )
      )
    const here = new Set(live.map((row) => `${row.date}:${row.order}`))
    for (const one of ours) if (here.has(`${one.date}:${one.order}`)) known.add(one.key)
  }
  const seen = new Set<string>()
  return chunk.sessions.flatMap((session, index) => {
    if (known.has(session.key) || seen.has(session.key)) return []
    seen.add(session.key)
    return [{ index, session }]
  })
}

/** Each new session's workout_order: the day's next free one, removed workouts counted (ADR 024). */
async function placeSessions(
  db: Db,
  lifterId: UserId,
  sessions: ReadonlyArray<{ readonly index: number; readonly session: ImportedSession }>
): Promise<ReadonlyArray<Placed> | BadRequest> {
  if (sessions.length === 0) return []
  const dates = [...new Set(sessions.map(({ session }) => session.date))]
  const taken = await db
    .select({ date: workouts.date, last: sql<number>`max(${workouts.workoutOrder})`.mapWith(Number) })
    .from(workouts)
    .where(and(eq(workouts.clientId, lifterId), inArray(workouts.date, dates)))
    .groupBy(workouts.date)
  const next = new Map(taken.map((row) => [row.date, row.last + 1]))
  const placed: Array<Placed> = []
  for (const { index, session } of sessions) {
    const workoutOrder = next.get(session.date) ?? 0
    if (workoutOrder > MAX_WORKOUT_ORDER)
      return new BadRequest({
        error: `sessions[${index}].date: ${session.date} already holds ${MAX_WORKOUT_ORDER + 1} workouts, the most one day may`
      })
    next.set(session.date, workoutOrder + 1)
    placed.push({ index, session, workoutOrder })
  }
  return placed
}

/**
 * The library exercise of every exercise of the placed sessions, in order: the id sent,
 * else the canonical one of its name, else the lifter's own of that name, made here.
 * BadRequest when an id is not the lifter's to use, or too many new ones are named.
 */
async function libraryIdsOf(
  db: Db,
  lifterId: UserId,
  coachId: UserId | undefined,
  chunk: ImportChunk,
  placed: ReadonlyArray<Placed>
): Promise<ReadonlyArray<ReadonlyArray<string>> | BadRequest> {
  // Every id the chunk sends is checked, stored or not: a request naming an exercise the
  // lifter cannot use is refused whatever else it holds.
  const named = chunk.sessions.flatMap((session, index) =>
    session.exercises.flatMap((exercise, order) =>
      exercise.exercise_id === undefined
        ? []
        : [{ id: exercise.exercise_id, path: `sessions[${index}].exercises[${order}].exercise_id` }]
    )
  )
  const unusable = await unusableIds(db, lifterId, coachId, [...new Set(named.map((one) => one.id))])
  const refused = named.find((one) => unusable.has(one.id))
  if (refused !== undefined)
    return new BadRequest({ error: `${refused.path}: no exercise "${refused.id}" in your library` })

  const ownKeys = new Map<string, string>()
  for (const { session } of placed)
    for (const exercise of session.exercises)
      if (exercise.exercise_id === undefined && findCanonical(exercise.name) === undefined) {
        const key = libraryKey(exercise.name)
        if (!ownKeys.has(key)) ownKeys.set(key, exercise.name)
      }
  const own = new Map<string, string>()
  if (ownKeys.size > 0) {
    const found = await db
      .select({ id: exerciseLibrary.id, key: exerciseLibrary.normalizedName })
      .from(exerciseLibrary)
      .where(and(eq(exerciseLibrary.coachId, lifterId), inArray(exerciseLibrary.normalizedName, [...ownKeys.keys()])))
    for (const row of found) own.set(row.key, row.id)
    const missing = [...ownKeys].filter(([key]) => !own.has(key))
    if (missing.length > MAX_NEW_EXERCISES_PER_CALL)
      return new BadRequest({
        error: `sessions: these sessions name ${missing.length} exercises not in your library, more than the ${MAX_NEW_EXERCISES_PER_CALL} one call may add; map more of them to library exercises, or send fewer sessions at a time`
      })
    if (missing.length > 0) {
      // The lifter's own exercises carry their id as the owner: one per name, as a coach's.
      const added = await db
        .insert(exerciseLibrary)
        .values(missing.map(([key, name]) => ({ name, coachId: lifterId, normalizedName: key })))
        .onConflictDoNothing({ target: [exerciseLibrary.coachId, exerciseLibrary.normalizedName] })
        .returning({ id: exerciseLibrary.id, key: exerciseLibrary.normalizedName })
      for (const row of added) own.set(row.key, row.id)
    }
  }
  return placed.map(({ session }) =>
    session.exercises.map((exercise) => {
      const id = exercise.exercise_id ?? findCanonical(exercise.name) ?? own.get(libraryKey(exercise.name))
      if (id === undefined) throw new Error(`no library exercise for ${exercise.name}`)
      return id
    })
  )
}

/**
 * Stores one chunk of the lifter's import `chunk.import_key`, made by its first chunk. All
 * of it or nothing: a refusal is answered before anything is written.
 */
export async function importChunk(db: Db, lifterId: UserId, chunk: ImportChunk): Promise<ChunkOutcome> {
  return db.transaction(async (tx): Promise<ChunkOutcome> => {
    // One chunk of a lifter at a time, and no coach's save of a workout between the
    // orders read here and the inserts (saveWorkout takes the same lock).
    await tx.select({ id: users.id }).from(users).where(eq(users.id, lifterId)).for("update")
    const [existing] = await tx
      .select({ id: imports.id, source: imports.source, fileName: imports.fileName, undoneAt: imports.undoneAt })
      .from(imports)
      .where(and(eq(imports.clientId, lifterId), eq(imports.importKey, chunk.import_key)))
    if (
      existing !== undefined &&
      (existing.source !== chunk.source || existing.fileName !== chunk.file_name || existing.undoneAt !== null)
    )
      return keyReused()
    const [link] = await tx
      .select({ coachId: coachClients.coachId })
      .from(coachClients)
      .where(and(eq(coachClients.clientId, lifterId), currentLink))
      .limit(1)
    const placed = await placeSessions(tx, lifterId, await sessionsToAdd(tx, lifterId, chunk))
    if (placed instanceof BadRequest) return placed
    const libraryIds = await libraryIdsOf(tx, lifterId, link?.coachId, chunk, placed)
    if (libraryIds instanceof BadRequest) return libraryIds

    let importId = existing?.id
    if (importId === undefined) {
      const [created] = await tx
        .insert(imports)
        .values({ clientId: lifterId, importKey: chunk.import_key, source: chunk.source, fileName: chunk.file_name })
        .returning({ id: imports.id })
      if (created === undefined) throw new Error("insert returned no import")
      importId = created.id
    }
    const report = (setsAdded: number) => ({
      _tag: "Stored" as const,
      report: {
        import_id: importId,
        sessions_added: placed.length,
        sets_added: setsAdded,
        sessions_skipped: chunk.sessions.length - placed.length
      }
    })
    if (placed.length === 0) return report(0)

    const createdWorkouts = await tx
      .insert(workouts)
      .values(
        placed.map(({ session, workoutOrder }) => ({
          clientId: lifterId,
          coachId: null,
          date: session.date,
          workoutOrder,
          title: session.title ?? null,
          importId
        }))
      )
      .returning({ id: workouts.id, date: workouts.date, order: workouts.workoutOrder })
    const workoutIdOf = new Map(createdWorkouts.map((row) => [`${row.date}:${row.order}`, row.id]))
    const stored = placed.map(({ session, workoutOrder }, at) => ({
      session,
      workoutId: found(workoutIdOf, `${session.date}:${workoutOrder}`),
      times: sessionTimes(session),
      libraryIds: libraryIds[at] ?? []
    }))

    const createdExercises = await tx
      .insert(exercises)
      .values(
        stored.flatMap(({ session, workoutId, libraryIds }) =>
          session.exercises.map((exercise, exerciseOrder) => ({
            workoutId,
            exerciseOrder,
            name: exercise.name,
            libraryId: libraryIds[exerciseOrder] ?? null
          }))
        )
      )
      .returning({ id: exercises.id, workoutId: exercises.workoutId, order: exercises.exerciseOrder })
    const exerciseIdOf = new Map(createdExercises.map((row) => [`${row.workoutId}:${row.order}`, row.id]))

    const setRows = stored.flatMap(({ session, workoutId, times }) =>
      session.exercises.flatMap((exercise, exerciseOrder) => {
        const exerciseId = found(exerciseIdOf, `${workoutId}:${exerciseOrder}`)
        return exercise.sets.map((set, setIndex) => ({ exerciseId, setIndex, set, loggedAt: times.started }))
      })
    )
    // Sets carry no prescription: what was done is their result, in the unit it was recorded in.
    const createdSets = await tx
      .insert(sets)
      .values(setRows.map(({ exerciseId, setIndex, set }) => ({ exerciseId, setIndex, weightUnit: set.unit })))
      .returning({ id: sets.id, exerciseId: sets.exerciseId, setIndex: sets.setIndex })
    const setIdOf = new Map(createdSets.map((row) => [`${row.exerciseId}:${row.setIndex}`, row.id]))
    await tx.insert(setResults).values(
      setRows.map(({ exerciseId, setIndex, set, loggedAt }) => ({
        setId: found(setIdOf, `${exerciseId}:${setIndex}`),
        performedWeight: set.weight,
        performedReps: set.reps,
        performedRpe: set.rpe,
        weightUnit: set.unit,
        // Logged when it was done, so progress counts it on its own day (docs/decisions/042).
        updatedAt: loggedAt
      }))
    )
    await tx.insert(workoutCompletions).values(
      stored.map(({ workoutId, times }) => ({
        workoutId,
        startedAt: times.started,
        endedAt: times.ended,
        durationSeconds: times.durationSeconds,
        updatedAt: times.ended
      }))
    )
    await tx
      .insert(importedSessions)
      .values(
        stored.map(({ session, workoutId }) => ({ clientId: lifterId, sessionKey: session.key, workoutId, importId }))
      )
    return report(setRows.length)
  })
}

const undoUntil = sql`(${imports.createdAt} + make_interval(hours => ${IMPORT_UNDO_HOURS}::integer))`

// Spelled out in full: in a one-table select drizzle leaves columns unqualified, and inside
// the counts' subqueries a bare "id" would be ambiguous.
const thisImport = sql.raw(`"imports"."id"`)

const recordColumns = {
  id: imports.id,
  source: imports.source,
  file_name: imports.fileName,
  created_at: isoInstant(imports.createdAt),
  sessions:
    sql<number>`(select count(*) from ${workouts} as w where w.import_id = ${thisImport} and w.deleted_at is null)`.mapWith(
      Number
    ),
  sets: sql<number>`(select count(*) from ${workouts} as w
    join ${exercises} as e on e.workout_id = w.id
    join ${sets} as s on s.exercise_id = e.id
    where w.import_id = ${thisImport} and w.deleted_at is null)`.mapWith(Number),
  undo_until: sql<
    string | null
  >`case when ${imports.undoneAt} is null and ${undoUntil} > now() then ${isoInstant(undoUntil)} end`,
  undone: sql<boolean>`(${imports.undoneAt} is not null)`.mapWith(Boolean)
}

/** The lifter's imports, newest first (the newest LISTED_IMPORTS). */
export async function importsOf(db: Db, lifterId: UserId): Promise<ReadonlyArray<ImportRecord>> {
  return db
    .select(recordColumns)
    .from(imports)
    .where(eq(imports.clientId, lifterId))
    .orderBy(desc(imports.createdAt), desc(imports.id))
    .limit(LISTED_IMPORTS)
}

/**
 * Takes the lifter's import back: its workouts are deleted, with everything logged,
 * submitted or commented on them, and the import is marked undone. Only within
 * IMPORT_UNDO_HOURS of the import, and once.
 */
export async function undoImport(
  db: Db,
  lifterId: UserId,
  importId: ImportId
): Promise<ImportRecord | ImportNotFound | UndoWindowPassed> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ open: sql<boolean>`(${imports.undoneAt} is null and ${undoUntil} > now())`.mapWith(Boolean) })
      .from(imports)
      .where(and(eq(imports.id, importId), eq(imports.clientId, lifterId)))
      .for("update")
    if (found === undefined)
      return new ImportNotFound({ error: `import_id: no import with id ${importId} among your imports` })
    if (!found.open)
      return new UndoWindowPassed({
        error: `import_id: this import is more than ${IMPORT_UNDO_HOURS} hours old, or already undone; it stays`
      })
    await tx.delete(workouts).where(eq(workouts.importId, importId))
    await tx
      .update(imports)
      .set({ undoneAt: sql`now()` })
      .where(eq(imports.id, importId))
    const [record] = await tx.select(recordColumns).from(imports).where(eq(imports.id, importId))
    if (record === undefined) throw new Error("undone import not found")
    return record
  })
}
