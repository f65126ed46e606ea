import { and, asc, eq, gte, sql, type SQL } from "drizzle-orm"
import type { PgSelect } from "drizzle-orm/pg-core"
import type { IsoDate } from "#domain/calendar.ts"
import type { DoneSet } from "#domain/done-work.ts"
import type { UserId } from "#domain/ids.ts"
import type { Db } from "../db/client.ts"
import { exercises, setResults, sets, workoutCompletions, workouts } from "../db/schema.ts"
import { asLoggedRow, loggedColumns, notRemoved, setRows } from "../workouts/row-queries.ts"
import { setDoneDay, setWasDone } from "./done-day.ts"

/*
 * The reads behind progress and the working e1RM (docs/decisions/042): the sets a client
 * did, each with the day it counts on, chosen by that day rather than by the workout's.
 */

/** What one read covers: the reader's first day and today, on their calendar. */
export interface DoneSpan {
  readonly from: IsoDate
  readonly today: IsoDate
  readonly utcOffset: number
}

/**
 * The client's sets done that `when` keeps: a workout's sets with what was logged for them
 * and the workout's submission, if any (the day done reads both).
 */
const doneSetsOf = <Q extends PgSelect>(query: Q, clientId: UserId, when: SQL | undefined) =>
  setRows(query)
    .innerJoin(setResults, eq(setResults.setId, sets.id))
    .leftJoin(workoutCompletions, eq(workoutCompletions.workoutId, workouts.id))
    .where(and(eq(workouts.clientId, clientId), notRemoved, setWasDone, when))

/** The client's sets done from `from` through `today` (any workout date), oldest first. */
export async function doneSetsIn(db: Db, clientId: UserId, span: DoneSpan): Promise<ReadonlyArray<DoneSet>> {
  const doneDay = setDoneDay(span.utcOffset)
  const columns = { ...loggedColumns, done_on: sql<IsoDate>`(${doneDay})::text` }
  const rows = await doneSetsOf(
    db.select(columns).from(workouts).$dynamic(),
    clientId,
    and(
      // A set is never done after its workout's date, so an earlier workout holds none of these.
      gte(workouts.date, span.from),
      sql`${doneDay} between ${span.from}::date and ${span.today}::date`
    )
  ).orderBy(
    asc(doneDay),
    asc(workouts.date),
    asc(workouts.workoutOrder),
    asc(exercises.exerciseOrder),
    asc(sets.setIndex)
  )
  return rows.map(({ done_on, ...row }) => ({ ...asLoggedRow(row), done_on }))
}

/** Whether the client did any set before `from`. */
export async function doneBefore(db: Db, clientId: UserId, span: DoneSpan): Promise<boolean> {
  const [found] = await doneSetsOf(
    db
      .select({ found: sql<number>`1` })
      .from(workouts)
      .$dynamic(),
    clientId,
    sql`${setDoneDay(span.utcOffset)} < ${span.from}::date`
  ).limit(1)
  return found !== undefined
}
