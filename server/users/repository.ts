import { and, asc, eq, isNull } from "drizzle-orm"
import type { Db } from "../db/client.ts"
import { coachClients, users } from "../db/schema.ts"
import { isUniqueViolation } from "../db/unique-violation.ts"

export interface UserRow {
  readonly id: number
  readonly name: string
  readonly email: string
  readonly firebase_id: string
  readonly user_type: "Coach" | "Client"
}

/** Emails are compared and stored lower-cased and trimmed. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase()

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  firebase_id: users.firebaseId,
  user_type: users.userType
}

const toUserRow = (row: {
  id: number
  name: string
  email: string
  firebase_id: string
  user_type: string
}): UserRow => ({
  ...row,
  user_type: row.user_type === "Coach" ? "Coach" : "Client"
})

export async function findUserByFirebaseId(db: Db, firebaseId: string): Promise<UserRow | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.firebaseId, firebaseId)).limit(1)
  return row === undefined ? undefined : toUserRow(row)
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1)
  return row === undefined ? undefined : toUserRow(row)
}

export type SignupOutcome =
  { readonly _tag: "Created"; readonly user: UserRow } | { readonly _tag: "Conflict"; readonly message: string }

const ALREADY_SIGNED_UP = "You already have an account; sign in instead"
const EMAIL_TAKEN = "An account with this email already exists"

/**
 * Creates the account for a Firebase uid. A Client whose email a coach invited becomes
 * that coach's client in the same transaction (the earliest invitation wins: a client has
 * one coach, and the other invitations are withdrawn).
 */
export async function signup(
  db: Db,
  input: {
    readonly firebaseId: string
    readonly name: string
    readonly email: string
    readonly userType: "Coach" | "Client"
  }
): Promise<SignupOutcome> {
  const email = normalizeEmail(input.email)
  try {
    return await db.transaction(async (tx) => {
      const [byUid] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.firebaseId, input.firebaseId))
        .limit(1)
      if (byUid !== undefined) return { _tag: "Conflict", message: ALREADY_SIGNED_UP } as const
      const [byEmail] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)
      if (byEmail !== undefined) return { _tag: "Conflict", message: EMAIL_TAKEN } as const
      const [created] = await tx
        .insert(users)
        .values({ firebaseId: input.firebaseId, name: input.name, email, userType: input.userType })
        .returning(userColumns)
      if (created === undefined) throw new Error("insert returned no row")
      if (input.userType === "Client") {
        const invitations = await tx
          .select({ id: coachClients.id })
          .from(coachClients)
          .where(and(eq(coachClients.clientEmail, email), isNull(coachClients.clientId)))
          .orderBy(asc(coachClients.createdAt), asc(coachClients.id))
        const [first, ...others] = invitations
        if (first !== undefined) {
          await tx
            .update(coachClients)
            .set({ clientId: created.id, linkedAt: new Date() })
            .where(eq(coachClients.id, first.id))
        }
        for (const other of others) {
          await tx.delete(coachClients).where(eq(coachClients.id, other.id))
        }
      }
      return { _tag: "Created", user: toUserRow(created) } as const
    })
  } catch (error) {
    // Two signups raced past the checks; the unique indexes decided.
    if (isUniqueViolation(error)) return { _tag: "Conflict", message: ALREADY_SIGNED_UP }
    throw error
  }
}
