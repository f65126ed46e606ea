import { and, count, eq, inArray, isNull, like, sql } from "drizzle-orm"
import { EXERCISE_CATALOGUE, findCanonical, isCatalogueExerciseId } from "#domain/exercise-catalogue.ts"
import { normalizeExerciseName } from "#domain/exercise-search.ts"
import {
  CUSTOM_EXERCISE_PREFIX,
  isCustomExerciseId,
  type LibraryExercise,
  MAX_CUSTOM_EXERCISES,
  type NewCustomExercise
} from "#domain/exercises.ts"
import type { UserId } from "#domain/ids.ts"
import type { Db } from "../db/client.ts"
import { exerciseDemos, exerciseLibrary, exercises, workouts } from "../db/schema.ts"
import { LimitReached } from "../limits.ts"

/*
 * The exercise library's rows (docs/decisions/019-exercise-library-on-the-server.md): the
 * catalogue's exercises, put in the table at every start, and coaches' own. One function
 * links a free-text name to its exercise, for the workouts stored before the library and
 * for a save that names an exercise without its id alike.
 */

/**
 * What makes two names one exercise of a coach: normalizeExerciseName's form, or, for a
 * name with no letter or digit at all ("???"), the name itself, trimmed and lower-cased.
 */
export const libraryKey = (name: string): string => normalizeExerciseName(name) || name.trim().toLowerCase()

const isCustomRow = like(exerciseLibrary.id, `${CUSTOM_EXERCISE_PREFIX}%`)

const recordColumns = {
  id: exerciseLibrary.id,
  name: exerciseLibrary.name,
  aliases: exerciseLibrary.aliases,
  category: exerciseLibrary.category,
  equipment: exerciseLibrary.equipment,
  custom: sql<boolean>`${isCustomRow}`.mapWith(Boolean)
}

/**
 * Puts every catalogue exercise in the table, or brings its row up to date (a renamed
 * exercise keeps its id). A row already equal is left alone, so a start with an unchanged
 * catalogue writes nothing.
 */
export async function upsertCatalogue(db: Db): Promise<void> {
  await db
    .insert(exerciseLibrary)
    .values(
      EXERCISE_CATALOGUE.map((exercise) => ({
        id: exercise.id,
        name: exercise.name,
        aliases: [...exercise.aliases],
        category: exercise.category,
        equipment: exercise.equipment,
        normalizedName: libraryKey(exercise.name)
      }))
    )
    .onConflictDoUpdate({
      target: exerciseLibrary.id,
      set: {
        name: sql`excluded.name`,
        aliases: sql`excluded.aliases`,
        category: sql`excluded.category`,
        equipment: sql`excluded.equipment`,
        normalizedName: sql`excluded.normalized_name`
      },
      setWhere: sql`(${exerciseLibrary.name}, ${exerciseLibrary.aliases}, ${exerciseLibrary.category},
        ${exerciseLibrary.equipment}, ${exerciseLibrary.normalizedName})
        is distinct from (excluded.name, excluded.aliases, excluded.category, excluded.equipment, excluded.normalized_name)`
    })
}

/** The first key of the advisory lock that orders one coach's new exercises (the second is the coach). */
const LIBRARY_LOCK_SPACE = 1_019_019

/**
 * The coach's own exercise of this name, added if they have none (idempotent by
 * libraryKey: "Zercher carry" answers their "Zercher Carry"). A new one past
 * MAX_CUSTOM_EXERCISES is a LimitReached (400), which rolls back the save that named it.
 * One coach's additions take turns (an advisory lock held to the end of the caller's
 * transaction), so two racing saves cannot both pass the count, and the second of two
 * adding one name reads the first's row once it has the lock.
 */
export async function coachExercise(db: Db, coachId: UserId, exercise: NewCustomExercise): Promise<LibraryExercise> {
  const key = libraryKey(exercise.name)
  const named = (tx: Db) =>
    tx
      .select(recordColumns)
      .from(exerciseLibrary)
      .where(and(eq(exerciseLibrary.coachId, coachId), eq(exerciseLibrary.normalizedName, key)))
  const [kept] = await named(db)
  if (kept !== undefined) return kept
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LIBRARY_LOCK_SPACE}::int, ${coachId}::int)`)
    const [winner] = await named(tx)
    if (winner !== undefined) return winner
    const [own] = await tx.select({ n: count() }).from(exerciseLibrary).where(eq(exerciseLibrary.coachId, coachId))
    if ((own?.n ?? 0) >= MAX_CUSTOM_EXERCISES)
      throw new LimitReached(
        `name: "${exercise.name}" is not in the library, and you keep ${MAX_CUSTOM_EXERCISES} exercises of your own, the most one coach may; choose one of those or one from the library`
      )
    const [added] = await tx
      .insert(exerciseLibrary)
      .values({
        name: exercise.name,
        coachId,
        normalizedName: key,
        category: exercise.category ?? "other",
        equipment: exercise.equipment ?? "other"
      })
      .returning(recordColumns)
    if (added === undefined) throw new Error(`no exercise stored for coach ${coachId} named ${exercise.name}`)
    return added
  })
}

/**
 * An exercise of no coach (their account is gone) for a name: the same row for every
 * such workout with that name. Only the start-up linking makes these, under the
 * migration lock, so a read then an insert cannot race.
 */
async function unownedExercise(db: Db, name: string): Promise<string> {
  const key = libraryKey(name)
  const [existing] = await db
    .select({ id: exerciseLibrary.id })
    .from(exerciseLibrary)
    .where(and(isNull(exerciseLibrary.coachId), isCustomRow, eq(exerciseLibrary.normalizedName, key)))
    .limit(1)
  if (existing !== undefined) return existing.id
  const [added] = await db
    .insert(exerciseLibrary)
    .values({ name, normalizedName: key })
    .returning({ id: exerciseLibrary.id })
  if (added === undefined) throw new Error("insert returned no exercise")
  return added.id
}

/**
 * The library exercise a free-text name is: the canonical one when the name is its name
 * or an alias (findCanonical), otherwise the coach's own of that name, made if need be.
 * A workout whose coach is gone (null) gets an exercise of no coach.
 */
export async function linkExerciseName(db: Db, coachId: UserId | null, name: string): Promise<string> {
  const canonical = findCanonical(name)
  if (canonical !== undefined) return canonical
  return coachId === null ? unownedExercise(db, name) : (await coachExercise(db, coachId, { name })).id
}

/**
 * Links every workout exercise stored before the library (library_id null) by its name,
 * as linkExerciseName does for a save: one lookup per coach and name, then one update
 * for all the rows it covers. Rows already linked are never touched, so running it again
 * changes nothing.
 */
export async function linkUnlinkedExercises(db: Db): Promise<void> {
  const unlinked = await db
    .selectDistinct({ name: exercises.name, coachId: workouts.coachId })
    .from(exercises)
    .innerJoin(workouts, eq(workouts.id, exercises.workoutId))
    .where(isNull(exercises.libraryId))
  for (const { name, coachId } of unlinked) {
    const libraryId = await linkExerciseName(db, coachId, name)
    const ofThisCoach = coachId === null ? isNull(workouts.coachId) : eq(workouts.coachId, coachId)
    await db
      .update(exercises)
      .set({ libraryId })
      .where(
        and(
          isNull(exercises.libraryId),
          eq(exercises.name, name),
          inArray(exercises.workoutId, db.select({ id: workouts.id }).from(workouts).where(ofThisCoach))
        )
      )
  }
}

/** The start-up step after the migrations: the catalogue in the table, every workout linked. */
export async function prepareExerciseLibrary(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await upsertCatalogue(tx)
    await linkUnlinkedExercises(tx)
  })
}

/**
 * The ids among these the coach may not use: neither canonical nor one of their own
 * (another coach's is refused alike, so its existence is never revealed). Canonical ids
 * are known without asking the database; the table holds the same ones.
 */
export async function exerciseIdsUnusableBy(
  db: Db,
  coachId: UserId,
  ids: ReadonlyArray<string>
): Promise<ReadonlyArray<string>> {
  const custom = [...new Set(ids.filter((id) => !isCatalogueExerciseId(id)))]
  const checkable = custom.filter(isCustomExerciseId)
  const owned =
    checkable.length === 0
      ? []
      : await db
          .select({ id: exerciseLibrary.id })
          .from(exerciseLibrary)
          .where(and(inArray(exerciseLibrary.id, checkable), eq(exerciseLibrary.coachId, coachId)))
  const ownedIds = new Set(owned.map((row) => row.id))
  return custom.filter((id) => !ownedIds.has(id))
}

/**
 * The exercises a user may use: every canonical one, then the exercises of `coachId` (the
 * caller, or a client's coach; null for a client with no coach), each part in a stable
 * order (canonical by name, a coach's own in the order they were added).
 */
export async function libraryFor(db: Db, coachId: UserId | null): Promise<ReadonlyArray<LibraryExercise>> {
  const rows = await db
    .select({ ...recordColumns, demo: exerciseDemos.url })
    .from(exerciseLibrary)
    .leftJoin(
      exerciseDemos,
      coachId === null
        ? sql`false`
        : and(eq(exerciseDemos.exerciseId, exerciseLibrary.id), eq(exerciseDemos.coachId, coachId))
    )
    .where(
      sql`(${exerciseLibrary.coachId} is null and not ${isCustomRow})
        or ${exerciseLibrary.coachId} = ${coachId ?? -1}`
    )
  const listed = rows.map(({ demo, ...exercise }) => (demo === null ? exercise : { ...exercise, demo_url: demo }))
  const canonical = listed.filter((row) => !row.custom).sort((a, b) => compareText(a.name, b.name))
  const own = listed.filter((row) => row.custom).sort((a, b) => customNumber(a.id) - customNumber(b.id))
  return [...canonical, ...own]
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
const customNumber = (id: string) => Number(id.slice(CUSTOM_EXERCISE_PREFIX.length))

/** The canonical exercise with this id, as stored. */
export async function canonicalExercise(db: Db, id: string): Promise<LibraryExercise | undefined> {
  const [row] = await db
    .select(recordColumns)
    .from(exerciseLibrary)
    .where(and(eq(exerciseLibrary.id, id), isNull(exerciseLibrary.coachId)))
  return row
}
