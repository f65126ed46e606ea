import { and, eq, isNull, type SQL, sql } from "drizzle-orm"
import type { FirebaseUid, UserId } from "#domain/ids.ts"
import type { UserRecord, UserType } from "#domain/user.ts"
import { AlreadySignedUp, EmailTaken } from "#domain/user-errors.ts"
import { currentLink } from "../clients/current-link.ts"
import type { Db } from "../db/client.ts"
import { coachClients, users } from "../db/schema.ts"
import { isUniqueViolation } from "../db/unique-violation.ts"

/** A user as the contract answers it; the columns below read it as is. */
export type UserRow = UserRecord

/** Emails are compared and stored lower-cased and trimmed. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase()

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  firebase_id: users.firebaseId,
  user_type: users.userType
}

/**
 * A record with what decides who may use it (docs/decisions/035-provisional-accounts.md).
 * Kept apart from UserRow, which answers carry.
 */
export interface AccountRow {
  readonly user: UserRow
  /** made under an email Firebase had not verified */
  readonly provisional: boolean
  /** sessions that began before this are refused (server/auth/session-cut-off.ts) */
  readonly sessionsValidAfter: Date | null
}

async function findAccountWhere(db: Db, where: SQL): Promise<AccountRow | undefined> {
  const [row] = await db
    .select({ ...userColumns, provisional: users.provisional, sessionsValidAfter: users.sessionsValidAfter })
    .from(users)
    .where(where)
    .limit(1)
  if (row === undefined) return undefined
  const { provisional, sessionsValidAfter, ...user } = row
  return { user: user, provisional, sessionsValidAfter }
}

/**
 * The cut-off of the record this uid holds (null without one, or without a record): read on
 * every call by the authentication middleware and the live event stream.
 */
export async function sessionsValidAfter(db: Db, firebaseId: FirebaseUid): Promise<Date | null> {
  const [row] = await db
    .select({ validAfter: users.sessionsValidAfter })
    .from(users)
    .where(eq(users.firebaseId, firebaseId))
    .limit(1)
  return row?.validAfter ?? null
}

export const findAccountByFirebaseId = (db: Db, firebaseId: FirebaseUid): Promise<AccountRow | undefined> =>
  findAccountWhere(db, eq(users.firebaseId, firebaseId))

export const findAccountByEmail = (db: Db, email: string): Promise<AccountRow | undefined> =>
  findAccountWhere(db, eq(users.email, normalizeEmail(email)))

/**
 * The person who made a provisional record has verified its email: it is theirs for good.
 * Answers the row, or undefined when it is no longer this uid's provisional record.
 */
export async function confirmProvisional(db: Db, user: UserRow): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ provisional: false })
    .where(and(eq(users.id, user.id), eq(users.firebaseId, user.firebase_id)))
    .returning(userColumns)
  return row
}

/**
 * A provisional record the address's verified owner does not inherit: it goes, with all
 * that hangs off it (foreign keys cascade). Only while it is still that uid's and still
 * provisional, so a record confirmed meanwhile stays.
 */
export async function dropProvisional(db: Db, user: UserRow): Promise<void> {
  await db
    .delete(users)
    .where(and(eq(users.id, user.id), eq(users.firebaseId, user.firebase_id), eq(users.provisional, true)))
}

export async function findUserByFirebaseId(db: Db, firebaseId: FirebaseUid): Promise<UserRow | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.firebaseId, firebaseId)).limit(1)
  return row
}

export async function findUserById(db: Db, id: UserId): Promise<UserRow | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1)
  return row
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1)
  return row
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0]

/**
 * The one link made without the client's tap (docs/decisions/033-coaching-by-consent.md):
 * an invitation sent before this account existed, when it is the only open one and the
 * client has no coach. The coach gave them this address to join with. With two or more
 * the client chooses; an invitation to an existing account always waits for their tap.
 * No invitation is withdrawn. Callers make sure the email is verified: an invitation is
 * only ever taken by the inbox it was sent to.
 */
async function claimInvitations(tx: Tx | Db, clientId: UserId, email: string): Promise<void> {
  const [linked] = await tx
    .select({ id: coachClients.id })
    .from(coachClients)
    .where(and(eq(coachClients.clientId, clientId), currentLink))
    .limit(1)
  if (linked !== undefined) return
  const sentBeforeSignup = and(
    eq(coachClients.clientEmail, email),
    isNull(coachClients.clientId),
    isNull(coachClients.declinedAt),
    currentLink,
    sql`${coachClients.createdAt} < (select ${users.createdAt} from ${users} where ${users.id} = ${clientId})`
  )
  const invitations = await tx.select({ id: coachClients.id }).from(coachClients).where(sentBeforeSignup).limit(2)
  const [only] = invitations
  if (only === undefined || invitations.length > 1) return
  await tx
    .update(coachClients)
    .set({ clientId, linkedAt: sql`now()` })
    .where(and(eq(coachClients.id, only.id), sentBeforeSignup))
}

/** The account's one invitation sent before it existed becomes its coach link now that its email is verified. */
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
    return updated ?? user
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
  input: { readonly userId: UserId; readonly formerUid: FirebaseUid; readonly firebaseId: FirebaseUid }
): Promise<UserRow | undefined> {
  try {
    const [row] = await db
      .update(users)
      .set({ firebaseId: input.firebaseId })
      .where(and(eq(users.id, input.userId), eq(users.firebaseId, input.formerUid)))
      .returning(userColumns)
    return row
  } catch (error) {
    // This uid got an account of its own meanwhile.
    if (isUniqueViolation(error)) return undefined
    throw error
  }
}

/** The account made, or the refusal the handler fails with. */
export type SignupOutcome = { readonly _tag: "Created"; readonly user: UserRow } | AlreadySignedUp | EmailTaken

export const alreadySignedUp = () => new AlreadySignedUp({ error: "You already have an account; sign in instead" })
const emailTaken = () => new EmailTaken({ error: "An account with this email already exists" })

/**
 * Creates the account for a Firebase uid with the email its token carries. A Client whose
 * verified email a coach invited becomes that coach's client in the same transaction; an
 * unverified one stays unlinked until verified (linkVerifiedClient). A record made under an
 * unverified email is provisional (docs/decisions/035-provisional-accounts.md).
 */
export async function signup(
  db: Db,
  input: {
    readonly firebaseId: FirebaseUid
    readonly name: string
    readonly email: string
    readonly emailVerified: boolean
    readonly userType: UserType
    /** sessions that began before this are refused (server/auth/session-cut-off.ts) */
    readonly sessionsValidAfter: Date | null
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
      if (byUid !== undefined) return alreadySignedUp()
      const [byEmail] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)
      if (byEmail !== undefined) return emailTaken()
      const [created] = await tx
        .insert(users)
        .values({
          firebaseId: input.firebaseId,
          name: input.name,
          email,
          userType: input.userType,
          provisional: !input.emailVerified,
          sessionsValidAfter: input.sessionsValidAfter
        })
        .returning(userColumns)
      if (created === undefined) throw new Error("insert returned no row")
      if (input.userType === "Client" && input.emailVerified) await claimInvitations(tx, created.id, email)
      return { _tag: "Created", user: created } as const
    })
  } catch (error) {
    // Two signups raced past the checks; the unique indexes decided.
    if (isUniqueViolation(error)) return alreadySignedUp()
    throw error
  }
}
