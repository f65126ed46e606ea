// The busy evening's data (scripts/bench-evening.ts), written straight into the database as
// scripts/seed-bench.ts does. People go in through drizzle; their workouts, exercises and
// sets are a few set-based INSERT ... SELECTs, because 5,000 lifters' history is most of a
// million rows and row batches from Node took minutes. Every lifter has tonight's workout,
// not logged yet, and the last four weeks trained three times a week, logged and submitted
// (what the logging page's 56-day read and a coach's 28-day calendar find).
import { sql, type SQL } from "drizzle-orm"
import { addDays, type IsoDate } from "#domain/calendar.ts"
import { toFirebaseUid } from "#domain/firebase-uid.ts"
import type { UserId } from "#domain/ids.ts"
import type { Db } from "#server/db/client.ts"
import { coachClients, users } from "#server/db/schema.ts"
import { chunks, libraryIdOf } from "./seed-bench.ts"

export interface EveningPerson {
  readonly uid: string
  readonly email: string
}

export interface EveningSeedInput {
  readonly coaches: ReadonlyArray<EveningPerson>
  /** lifter i is coached by coach i % coaches.length */
  readonly lifters: ReadonlyArray<EveningPerson>
  readonly today: IsoDate
}

export interface EveningSeed {
  /** by coach index */
  readonly coachIds: ReadonlyArray<UserId>
  /** by lifter index */
  readonly lifterIds: ReadonlyArray<UserId>
  /** by lifter index: tonight's set ids in the order they are logged */
  readonly tonightSets: ReadonlyArray<ReadonlyArray<number>>
  /** rows written, for the log line */
  readonly rows: { readonly workouts: number; readonly sets: number; readonly logged: number }
}

/** Tonight: 4 exercises x 5 sets. The history's sessions: 4 exercises x 3 sets. */
export const TONIGHT_SETS_PER_EXERCISE = 5
const HISTORY_SETS_PER_EXERCISE = 3
const SESSIONS = [
  ["Squat", "Bench Press", "Barbell Row", "Overhead Press"],
  ["Deadlift", "Overhead Press", "Front Squat", "Pull Up"],
  ["Squat", "Incline Bench Press", "Romanian Deadlift", "Barbell Row"]
] as const
/** Days back from today that were trained: three a week for four weeks. */
const HISTORY_DAYS_BACK = [2, 4, 7, 9, 11, 14, 16, 18, 21, 23, 25, 28]

const valuesList = (rows: ReadonlyArray<SQL>): SQL => sql.join([...rows], sql`, `)

export async function seedEvening(db: Db, input: EveningSeedInput): Promise<EveningSeed> {
  const idByUid = new Map<string, UserId>()
  const people = [
    ...input.coaches.map((person, i) => ({ person, name: `Evening Coach ${i}`, userType: "Coach" as const })),
    ...input.lifters.map((person, i) => ({ person, name: `Evening Lifter ${i}`, userType: "Client" as const }))
  ]
  for (const chunk of chunks(people, 1000)) {
    const rows = await db
      .insert(users)
      .values(
        chunk.map(({ person, name, userType }) => ({
          firebaseId: toFirebaseUid(person.uid),
          name,
          email: person.email,
          userType
        }))
      )
      .returning({ id: users.id, firebaseId: users.firebaseId })
    for (const row of rows) idByUid.set(row.firebaseId, row.id)
  }
  const idOf = (person: EveningPerson): UserId => {
    const id = idByUid.get(person.uid)
    if (id === undefined) throw new Error(`${person.uid} was not stored`)
    return id
  }
  const coachIds = input.coaches.map(idOf)
  const lifterIds = input.lifters.map(idOf)
  const linkedAt = new Date()
  for (const chunk of chunks(
    input.lifters.map((person, i) => ({ person, index: i })),
    1000
  )) {
    await db.insert(coachClients).values(
      chunk.map(({ person, index }) => ({
        coachId: coachIds[index % coachIds.length] as UserId,
        clientId: idOf(person),
        clientEmail: person.email,
        linkedAt
      }))
    )
  }

  // Which session each trained day was (tonight is the first), and what each session holds.
  const days = [
    sql`(${input.today}::date, 0::int)`,
    ...HISTORY_DAYS_BACK.map(
      (back, i) => sql`(${addDays(input.today, -back)}::date, ${(i + 1) % SESSIONS.length}::int)`
    )
  ]
  const plan = SESSIONS.flatMap((names, session) =>
    names.map((name, order) => sql`(${session}::int, ${order}::int, ${name}::text, ${libraryIdOf(name)}::text)`)
  )
  await db.execute(sql`
    insert into workouts (client_id, coach_id, date, workout_order, title)
    select cc.client_id, cc.coach_id, d.day, 0, 'Evening session'
    from coach_clients cc cross join (values ${valuesList(days)}) as d(day, session)`)
  await db.execute(sql`
    insert into exercises (workout_id, exercise_order, name, library_id)
    select w.id, p.exercise_order, p.name, p.library_id
    from workouts w
    join (values ${valuesList(days)}) as d(day, session) on d.day = w.date
    join (values ${valuesList(plan)}) as p(session, exercise_order, name, library_id) on p.session = d.session`)
  await db.execute(sql`
    insert into sets (exercise_id, set_index, reps, rpe, weight)
    select e.id, s.i, 5, 8, 185 + 10 * s.i
    from exercises e
    join workouts w on w.id = e.workout_id
    cross join lateral generate_series(
      0,
      case when w.date = ${input.today}::date then ${TONIGHT_SETS_PER_EXERCISE - 1}::int
           else ${HISTORY_SETS_PER_EXERCISE - 1}::int end
    ) as s(i)`)
  await db.execute(sql`
    insert into set_results (set_id, performed_reps, performed_rir, performed_weight)
    select s.id, 5, 2, s.weight
    from sets s join exercises e on e.id = s.exercise_id join workouts w on w.id = e.workout_id
    where w.date < ${input.today}::date`)
  await db.execute(sql`
    insert into workout_completions (workout_id, started_at, ended_at, duration_seconds)
    select w.id, w.date + time '18:00', w.date + time '19:05', 3900
    from workouts w where w.date < ${input.today}::date`)
  // A bulk load leaves the planner's statistics behind; the app's reads would be planned on empty tables.
  await db.execute(sql`analyze`)

  const tonight = await db.execute<{ client_id: number; id: number }>(sql`
    select w.client_id, s.id
    from sets s join exercises e on e.id = s.exercise_id join workouts w on w.id = e.workout_id
    where w.date = ${input.today}::date
    order by w.client_id, e.exercise_order, s.set_index`)
  const setsByClient = new Map<number, Array<number>>()
  for (const row of tonight.rows) {
    const list = setsByClient.get(row.client_id) ?? []
    list.push(row.id)
    setsByClient.set(row.client_id, list)
  }
  const counts = await db.execute<{ workouts: number; sets: number; logged: number }>(sql`
    select (select count(*)::int from workouts) as workouts, (select count(*)::int from sets) as sets,
           (select count(*)::int from set_results) as logged`)
  const [rows] = counts.rows
  if (rows === undefined) throw new Error("no counts")
  return {
    coachIds,
    lifterIds,
    tonightSets: lifterIds.map((id) => setsByClient.get(id) ?? []),
    rows
  }
}
