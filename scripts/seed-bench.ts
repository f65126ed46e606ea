// Benchmark data, written straight into the database (going through the API would take
// minutes): one coach with many clients, each with years of workouts, a third logged.
import { addDays, type IsoDate } from "#domain/calendar.ts"
import { findCanonical } from "#domain/exercise-catalogue.ts"
import { toFirebaseUid } from "#domain/firebase-uid.ts"
import { RepCount, Rir, Rpe, Weight } from "#domain/set-fields.ts"
import type { SetId } from "#domain/ids.ts"
import type { Db } from "#server/db/client.ts"
import { eq } from "drizzle-orm"
import { coachClients, exercises, setResults, sets, users, workouts } from "#server/db/schema.ts"

export interface BenchSeed {
  readonly coachId: number
  /** the client whose token drives the benchmark */
  readonly clientId: number
  /** a set of that client, for updateWorkoutResult */
  readonly setId: number
  /** many sets of that client: logging spreads over them as real use does */
  readonly setIds: ReadonlyArray<number>
}

const SESSIONS = [
  ["Squat", "Bench Press"],
  ["Deadlift", "Overhead Press"],
  ["Squat", "Barbell Row"]
] as const

// Every row names its library exercise, as a save would link it (all canonical names here).
export const libraryIdOf = (name: string): string => {
  const id = findCanonical(name)
  if (id === undefined) throw new Error(`${name} is not in the exercise library`)
  return id
}

export const chunks = <T>(items: ReadonlyArray<T>, size: number): Array<ReadonlyArray<T>> =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size))

export async function seedBenchData(
  db: Db,
  options: {
    readonly coach: { readonly uid: string; readonly email: string }
    readonly client: { readonly uid: string; readonly email: string }
    readonly clients: number
    readonly days: number
    readonly today: IsoDate
  }
): Promise<BenchSeed> {
  const [coach] = await db
    .insert(users)
    .values({
      firebaseId: toFirebaseUid(options.coach.uid),
      name: "Bench Coach",
      email: options.coach.email,
      userType: "Coach"
    })
    .returning({ id: users.id })
  if (coach === undefined) throw new Error("no coach")
  const clientRows = await db
    .insert(users)
    .values(
      Array.from({ length: options.clients }, (_, i): typeof users.$inferInsert =>
        i === 0
          ? {
              firebaseId: toFirebaseUid(options.client.uid),
              name: "Bench Client 0",
              email: options.client.email,
              userType: "Client"
            }
          : {
              firebaseId: toFirebaseUid(`bench-client-${i}`),
              name: `Bench Client ${i}`,
              email: `bench-client-${i}@bench.dev`,
              userType: "Client"
            }
      )
    )
    .returning({ id: users.id, email: users.email })
  await db
    .insert(coachClients)
    .values(clientRows.map((c) => ({ coachId: coach.id, clientId: c.id, clientEmail: c.email, linkedAt: new Date() })))

  const start = addDays(options.today, -Math.floor(options.days / 2))
  for (const client of clientRows) {
    const days: Array<{ date: IsoDate; session: number }> = []
    for (let d = 0; d < options.days; d++) {
      const date = addDays(start, d)
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay()
      if (weekday === 1 || weekday === 3 || weekday === 5) days.push({ date, session: (weekday - 1) / 2 })
    }
    const createdWorkouts = await db
      .insert(workouts)
      .values(days.map((day) => ({ clientId: client.id, coachId: coach.id, date: day.date, workoutOrder: 0 })))
      .returning({ id: workouts.id, date: workouts.date })
    const sessionByDate = new Map(days.map((day) => [day.date as string, day.session]))
    const exerciseValues = createdWorkouts.flatMap((w) =>
      (SESSIONS[sessionByDate.get(w.date) ?? 0] ?? SESSIONS[0]).map((name, exerciseOrder) => ({
        workoutId: w.id,
        exerciseOrder,
        name,
        libraryId: libraryIdOf(name)
      }))
    )
    const createdExercises: Array<{ id: number }> = []
    for (const chunk of chunks(exerciseValues, 2000)) {
      createdExercises.push(
        ...(await db
          .insert(exercises)
          .values([...chunk])
          .returning({ id: exercises.id }))
      )
    }
    const setValues = createdExercises.flatMap((e) =>
      [0, 1, 2].map((setIndex) => ({
        exerciseId: e.id,
        setIndex,
        reps: RepCount.make(5),
        rpe: Rpe.make(8),
        weight: Weight.make(200 + setIndex * 10)
      }))
    )
    const createdSets: Array<{ id: SetId }> = []
    for (const chunk of chunks(setValues, 3000)) {
      createdSets.push(
        ...(await db
          .insert(sets)
          .values([...chunk])
          .returning({ id: sets.id }))
      )
    }
    const logged = createdSets.filter((_, i) => i % 3 === 0)
    for (const chunk of chunks(logged, 3000)) {
      await db.insert(setResults).values(
        chunk.map((s) => ({
          setId: s.id,
          performedReps: RepCount.make(5),
          performedRir: Rir.make(2),
          performedWeight: Weight.make(200)
        }))
      )
    }
  }
  const [benchClient] = clientRows
  if (benchClient === undefined) throw new Error("no client")
  const clientSets = await db
    .select({ id: sets.id })
    .from(sets)
    .innerJoin(exercises, eq(exercises.id, sets.exerciseId))
    .innerJoin(workouts, eq(workouts.id, exercises.workoutId))
    .where(eq(workouts.clientId, benchClient.id))
    .limit(2000)
  const [someSet] = clientSets
  if (someSet === undefined) throw new Error("no set")
  return { coachId: coach.id, clientId: benchClient.id, setId: someSet.id, setIds: clientSets.map((row) => row.id) }
}
