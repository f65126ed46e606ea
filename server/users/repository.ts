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

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1)
  return row === undefined ? undefined : toUserRow(row)
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0]

/**
 * A Client with no coach yet takes the earliest pending invitation to their email (a
 * client has one coach; the other invitations are withdrawn). Callers make sure the
 * email is verified: an invitation is only ever claimed by the inbox it was sent to.
 */
async function claimInvitations(tx: Tx | Db, clientId: number, email: string): Promise<void> {
  const [linked] = await tx
    .select({ id: coachClients.id })
    .from(coachClients)
    .where(eq(coachClients.clientId, clientId))
    .limit(1)
  if (linked !== undefined) return
  const invitations = await tx
    .select({ id: coachClients.id })
    .from(coachClients)
    .where(and(eq(coachClients.clientEmail, email), isNull(coachClients.clientId)))
    .orderBy(asc(coachClients.createdAt), asc(coachClients.id))
  const [first, ...others] = invitations
  if (first === undefined) return
  await tx.update(coachClients).set({ clientId, linkedAt: new Date() }).where(eq(coachClients.id, first.id))
  for (const other of others) {
    await tx.delete(coachClients).where(eq(coachClients.id, other.id))
  }
}

/** The account's pending invitations become its coach link now that its email is verified. */
export async function linkVerifiedClient(db: Db, user: UserRow): Promise<void> {
  if (user.user_type !== "Client") return
  try {
    await db.transaction((tx) => claimInvitations(tx, user.id, user.email))
  } catch (error) {
    // Another request linked this client (or took the invitation) first: that answer stands.
    if (!isUniqueViolation(error)) throw error
  }
}

/**
 * Stores the verified email Firebase now gives this account. Answers the row as it is
 * afterwards: unchanged when another account still holds that address here.
 */
export async function followVerifiedEmail(db: Db, user: UserRow, verifiedEmail: string): Promise<UserRow> {
  const email = normalizeEmail(verifiedEmail)
  if (email === user.email) return user
  try {
    const [updated] = await db.update(users).set({ email }).where(eq(users.id, user.id)).returning(userColumns)
    return updated === undefined ? user : toUserRow(updated)
  } catch (error) {
    if (isUniqueViolation(error)) return user
    throw error
  }
}

/**
 * A re-created Firebase account takes over the record its verified email already has
 * (docs/decisions/012). Only if that record still belongs to `formerUid`, so two takeovers
 * cannot both win.
 */
export async function rebindAccount(
  db: Db,
  input: { readonly userId: number; readonly formerUid: string; readonly firebaseId: string }
): Promise<UserRow | undefined> {
  try {
    const [row] = await db
      .update(users)
      .set({ firebaseId: input.firebaseId })
      .where(and(eq(users.id, input.userId), eq(users.firebaseId, input.formerUid)))
      .returning(userColumns)
    return row === undefined ? undefined : toUserRow(row)
  } catch (error) {
    // This uid got an account of its own meanwhile.
    if (isUniqueViolation(error)) return undefined
    throw error
  }
}

export type SignupOutcome =
  { readonly _tag: "Created"; readonly user: UserRow } | { readonly _tag: "Conflict"; readonly message: string }

const ALREADY_SIGNED_UP = "You already have an account; sign in instead"
const EMAIL_TAKEN = "An account with this email already exists"

/**
 * Creates the account for a Firebase uid with the email its token carries. A Client whose
 * verified email a coach invited becomes that coach's client in the same transaction; an
 * unverified one stays unlinked until verified (linkVerifiedClient).
 */
export async function signup(
  db: Db,
  input: {
    readonly firebaseId: string
    readonly name: string
    readonly email: string
    readonly emailVerified: boolean
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
      if (input.userType === "Client" && input.emailVerified) await claimInvitations(tx, created.id, email)
      return { _tag: "Created", user: toUserRow(created) } as const
    })
  } catch (error) {
    // Two signups raced past the checks; the unique indexes decided.
    if (isUniqueViolation(error)) return { _tag: "Conflict", message: ALREADY_SIGNED_UP }
    throw error
  }
}
