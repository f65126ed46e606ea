import { and, asc, count, eq, isNull } from "drizzle-orm"
import { MAX_PENDING_INVITATIONS } from "#domain/workout.ts"
import type { Db } from "../db/client.ts"
import { coachClients, users } from "../db/schema.ts"
import { isUniqueViolation } from "../db/unique-violation.ts"
import { normalizeEmail } from "../users/repository.ts"

/** One entry of a coach's client list: a linked client, or an invitation still pending. */
/**
 * One answer for "a coach's address" and "another coach's client", so adding clients
 * cannot be used to learn which accounts are coaches or who trains with whom (ADR 015).
 */
export const UNAVAILABLE_ADDRESS = "That email can't be added to your list"

export interface ClientEntry {
  /** the client's user id; null while the invitation is pending */
  readonly clientId: number | null
  readonly name: string
  readonly email: string
  readonly pending: boolean
}

/** At the cap (docs/decisions/013-input-bounds.md) a new invitation is a 409 naming it. */
const tooManyInvitations = `data.clientEmail: you have ${MAX_PENDING_INVITATIONS} invitations waiting for people to sign up, the most a coach may have`

export type AddClientOutcome =
  { readonly _tag: "Added"; readonly entry: ClientEntry } | { readonly _tag: "Conflict"; readonly message: string }

/**
 * Links an existing Client to the coach, or records a pending invitation for an email
 * with no account yet (idempotent). A Client whose email Firebase has not verified
 * (`isVerified` answers false for their uid) gets a pending invitation too: it becomes a
 * link once they verify (docs/decisions/012). A coach's email, or a client who already
 * has a coach, is a conflict.
 */
export async function addClient(
  db: Db,
  coachId: number,
  rawEmail: string,
  isVerified: (firebaseId: string) => Promise<boolean> = () => Promise.resolve(true)
): Promise<AddClientOutcome> {
  const email = normalizeEmail(rawEmail)
  try {
    return await db.transaction(async (tx) => {
      const [person] = await tx
        .select({ id: users.id, name: users.name, userType: users.userType, firebaseId: users.firebaseId })
        .from(users)
        .where(eq(users.email, email))
        .limit(1)
      const unverifiedClient = person?.userType === "Client" && !(await isVerified(person.firebaseId))
      if (person === undefined || unverifiedClient) {
        const [existing] = await tx
          .select({ id: coachClients.id })
          .from(coachClients)
          .where(and(eq(coachClients.coachId, coachId), eq(coachClients.clientEmail, email)))
          .limit(1)
        if (existing === undefined) {
          // The coach's row is locked so that concurrent invitations count one after another.
          await tx.select({ id: users.id }).from(users).where(eq(users.id, coachId)).for("update")
          const [waiting] = await tx
            .select({ count: count() })
            .from(coachClients)
            .where(and(eq(coachClients.coachId, coachId), isNull(coachClients.clientId)))
          if ((waiting?.count ?? 0) >= MAX_PENDING_INVITATIONS) {
            return { _tag: "Conflict", message: tooManyInvitations } as const
          }
          await tx.insert(coachClients).values({ coachId, clientEmail: email })
        }
        return { _tag: "Added", entry: { clientId: null, name: email, email, pending: true } } as const
      }
      if (person.userType !== "Client") return { _tag: "Conflict", message: UNAVAILABLE_ADDRESS } as const
      const [link] = await tx
        .select({ coachId: coachClients.coachId })
        .from(coachClients)
        .where(eq(coachClients.clientId, person.id))
        .limit(1)
      if (link !== undefined) {
        return {
          _tag: "Conflict",
          message: link.coachId === coachId ? "That client is already on your list" : UNAVAILABLE_ADDRESS
        } as const
      }
      await tx
        .delete(coachClients)
        .where(
          and(eq(coachClients.coachId, coachId), eq(coachClients.clientEmail, email), isNull(coachClients.clientId))
        )
      await tx.insert(coachClients).values({ coachId, clientId: person.id, clientEmail: email, linkedAt: new Date() })
      return { _tag: "Added", entry: { clientId: person.id, name: person.name, email, pending: false } } as const
    })
  } catch (error) {
    // A concurrent add of the same email won the race; answer as the winner did.
    if (isUniqueViolation(error)) return addClient(db, coachId, rawEmail, isVerified)
    throw error
  }
}

/** The coach's clients, linked ones first in the order they were added, then pending invitations. */
export async function listClients(db: Db, coachId: number): Promise<ReadonlyArray<ClientEntry>> {
  const rows = await db
    .select({
      clientId: coachClients.clientId,
      email: coachClients.clientEmail,
      name: users.name
    })
    .from(coachClients)
    .leftJoin(users, eq(users.id, coachClients.clientId))
    .where(eq(coachClients.coachId, coachId))
    .orderBy(asc(coachClients.createdAt), asc(coachClients.id))
  return rows.map((row) =>
    row.clientId === null
      ? { clientId: null, name: row.email, email: row.email, pending: true }
      : { clientId: row.clientId, name: row.name ?? row.email, email: row.email, pending: false }
  )
}

/** True when the client is linked to this coach. */
export async function isCoachOf(db: Db, coachId: number, clientId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: coachClients.id })
    .from(coachClients)
    .where(and(eq(coachClients.coachId, coachId), eq(coachClients.clientId, clientId)))
    .limit(1)
  return row !== undefined
}

/** The id of the client's coach; undefined while they have none. */
export async function coachOf(db: Db, clientId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ coachId: coachClients.coachId })
    .from(coachClients)
    .where(eq(coachClients.clientId, clientId))
    .limit(1)
  return row?.coachId
}
