import { and, eq, isNull, notLike, or } from "drizzle-orm"
import { CUSTOM_EXERCISE_PREFIX, type DemoUrl, type ExerciseDemo, type ExerciseId } from "#domain/exercises.ts"
import type { UserId } from "#domain/ids.ts"
import type { Db } from "../db/client.ts"
import { exerciseDemos, exerciseLibrary } from "../db/schema.ts"

/*
 * A coach's demo links (docs/decisions/048): one per library exercise the coach may use, a
 * canonical one or their own. Their clients' rows and library read them.
 */

/** Whether the coach may use the exercise: canonical (an orphaned custom one is not), or their own. */
async function usable(db: Db, coachId: UserId, exerciseId: ExerciseId): Promise<boolean> {
  const [row] = await db
    .select({ id: exerciseLibrary.id })
    .from(exerciseLibrary)
    .where(
      and(
        eq(exerciseLibrary.id, exerciseId),
        or(
          and(isNull(exerciseLibrary.coachId), notLike(exerciseLibrary.id, `${CUSTOM_EXERCISE_PREFIX}%`)),
          eq(exerciseLibrary.coachId, coachId)
        )
      )
    )
  return row !== undefined
}

/** Sets (or with null takes away) the coach's demo link; "NoSuchExercise" for one the coach may not use. */
export async function setExerciseDemo(
  db: Db,
  coachId: UserId,
  demo: ExerciseDemo
): Promise<ExerciseDemo | "NoSuchExercise"> {
  if (!(await usable(db, coachId, demo.exerciseId))) return "NoSuchExercise"
  const url: DemoUrl | null = demo.url
  if (url === null)
    await db
      .delete(exerciseDemos)
      .where(and(eq(exerciseDemos.coachId, coachId), eq(exerciseDemos.exerciseId, demo.exerciseId)))
  else
    await db
      .insert(exerciseDemos)
      .values({ coachId, exerciseId: demo.exerciseId, url })
      .onConflictDoUpdate({
        target: [exerciseDemos.coachId, exerciseDemos.exerciseId],
        set: { url, updatedAt: new Date() }
      })
  return { exerciseId: demo.exerciseId, url }
}
