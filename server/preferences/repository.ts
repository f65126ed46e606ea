import { and, eq, sql } from "drizzle-orm"
import type { FirebaseUid, UserId } from "#domain/ids.ts"
import type { Preferences } from "#domain/preferences.ts"
import type { Db } from "../db/client.ts"
import { linkedNow } from "../clients/current-link.ts"
import { coachClients, users } from "../db/schema.ts"

const preferenceColumns = { unit: users.unit, bar: users.bar, smallest_plate: users.smallestPlate }

/**
 * The user's preferences if the caller (by Firebase uid) may read them: the user
 * themself, or their coach (the same access as their workouts). Empty otherwise; the
 * handler then finds out why.
 */
export async function preferencesReadableBy(
  db: Db,
  callerUid: FirebaseUid,
  userId: UserId
): Promise<ReadonlyArray<Preferences>> {
  return db
    .select(preferenceColumns)
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        sql`(${users.firebaseId} = ${callerUid} or exists (
          select 1 from ${coachClients} join ${users} as me on ${linkedNow(sql`me.id`, users.id)}
          where me.firebase_id = ${callerUid}
        ))`
      )
    )
}

/**
 * Replaces the user's preferences; answers what is stored. A coach setting a client's
 * (`unitIsTheirs` false) writes the bar and smallest plate only, and only when
 * `preferences.unit` is the unit stored, checked in the same statement: undefined when
 * it is not, the unit being the lifter's own.
 */
export async function savePreferences(
  db: Db,
  userId: UserId,
  preferences: Preferences,
  unitIsTheirs: boolean
): Promise<Preferences | undefined> {
  const plates = { bar: preferences.bar, smallestPlate: preferences.smallest_plate }
  const [row] = await db
    .update(users)
    .set(unitIsTheirs ? { ...plates, unit: preferences.unit } : plates)
    .where(and(eq(users.id, userId), unitIsTheirs ? undefined : eq(users.unit, preferences.unit)))
    .returning(preferenceColumns)
  return row
}
