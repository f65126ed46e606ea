import { and, asc, count, eq, isNull, lte, or, sql } from "drizzle-orm"
import * as Schema from "effect/Schema"
import { UserId } from "#domain/ids.ts"
import { MAX_PENDING_INVITATIONS } from "#domain/workout.ts"
import type { Db } from "../db/client.ts"
import { coachClients, rateLimits, users } from "../db/schema.ts"
import { isUniqueViolation } from "../db/unique-violation.ts"
import { normalizeEmail } from "../users/repository.ts"
import { currentLink, linkedNow } from "./current-link.ts"

/**
 * One answer for "a coach's address" whoever asks, so adding clients cannot be used to
 * learn which accounts are coaches (ADR 015).
 */
export const UNAVAILABLE_ADDRESS = "That email can't be added to your list"

export const ALREADY_ON_LIST = "That client is already on your list"

/** The coach's email must be one Firebase vouches for before they invite (ADR 033). */
export const VERIFY_BEFORE_INVITING = "Verify your email address before inviting clients"

/** A declined invitation stays on the coach's list until they remove it; until then a new one is refused. */
export const declinedMessage = (email: string) =>
  `data.clientEmail: ${email} declined your invitation; remove it to invite them again`

/** One entry of a coach's client list: a linked client, or an invitation (open or declined). */
export interface ClientEntry {
  /** the client's user id; null for an invitation */
  readonly clientId: UserId | null
  readonly name: string
  readonly email: string
  /** not a linked client (yet): an open or a declined invitation */
  readonly pending: boolean
  /** the person it was addressed to declined the invitation */
  readonly declined: boolean
  /** a linked client the coach archived: still linked, listed apart (src/domain/client-archive.ts) */
  readonly archived: boolean
}

/** At the cap (docs/decisions/013-input-bounds.md) a new invitation is a 409 naming it. */
const tooManyInvitations = `data.clientEmail: you have ${MAX_PENDING_INVITATIONS} invitations waiting for people to sign up, the most a coach may have`

export type AddClientOutcome =
  /** `created`: this call recorded the invitation (false: it was already open), so it is the one to announce. */
  | { readonly _tag: "Invited"; readonly entry: ClientEntry; readonly created: boolean }
  /** `reason` says which refusal it is, for the roster import's outcomes (src/domain/roster-import.ts). */
  | { readonly _tag: "Conflict"; readonly reason: AddClientRefusal; readonly message: string }

/** Why addClient refused: a coach's address (ADR 015), a client already linked, a declined invitation, the cap. */
export type AddClientRefusal = "unavailable" | "linked" | "declined" | "limit"

/**
 * Records an invitation from the coach to the address (idempotent): it never links, the
 * person accepts it (docs/decisions/033-coaching-by-consent.md). Whether the address has
 * an account, or a coach, is not told; a coach's address is ADR 015's conflict. A
 * provisional record (made under an address Firebase had not verified) counts as no
 * account. The caller has checked that the coach's own email is verified.
 */
export async function addClient(db: Db, coachId: UserId, rawEmail: string): Promise<AddClientOutcome> {
  const email = normalizeEmail(rawEmail)
  try {
    return await db.transaction(async (tx) => {
      const [person] = await tx
        .select({ id: users.id, userType: users.userType })
        .from(users)
        .where(and(eq(users.email, email), eq(users.provisional, false)))
        .limit(1)
      if (person !== undefined && person.userType !== "Client") {
        return { _tag: "Conflict", reason: "unavailable", message: UNAVAILABLE_ADDRESS } as const
      }
      if (person !== undefined) {
        // Linked under the address they had when they accepted: still the same client.
        const [linked] = await tx
          .select({ id: coachClients.id })
          .from(coachClients)
          .where(linkedNow(coachId, person.id))
          .limit(1)
        if (linked !== undefined) return { _tag: "Conflict", reason: "linked", message: ALREADY_ON_LIST } as const
      }
      const [existing] = await tx
        .select({ clientId: coachClients.clientId, declinedAt: coachClients.declinedAt })
        .from(coachClients)
        .where(and(eq(coachClients.coachId, coachId), eq(coachClients.clientEmail, email), currentLink))
        .limit(1)
      if (existing?.clientId != null) return { _tag: "Conflict", reason: "linked", message: ALREADY_ON_LIST } as const
      if (existing?.declinedAt != null)
        return { _tag: "Conflict", reason: "declined", message: declinedMessage(email) } as const
      if (existing === undefined) {
        // The coach's row is locked so that concurrent invitations count one after another.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, coachId)).for("update")
        const [waiting] = await tx
          .select({ count: count() })
          .from(coachClients)
          .where(and(eq(coachClients.coachId, coachId), isNull(coachClients.clientId), currentLink))
        if ((waiting?.count ?? 0) >= MAX_PENDING_INVITATIONS) {
          return { _tag: "Conflict", reason: "limit", message: tooManyInvitations } as const
        }
        await tx.insert(coachClients).values({ coachId, clientEmail: email })
      }
      return {
        _tag: "Invited",
        entry: { clientId: null, name: email, email, pending: true, declined: false, archived: false },
        created: existing === undefined
      } as const
    })
  } catch (error) {
    // A concurrent invitation of the same address won the race; answer as the winner did.
    if (isUniqueViolation(error)) return addClient(db, coachId, rawEmail)
    throw error
  }
}

/**
 * The coach's current list in the order it was made: linked clients and invitations,
 * declined ones included. Ended links are history, not on the list.
 */
export async function listClients(db: Db, coachId: UserId): Promise<ReadonlyArray<ClientEntry>> {
  const rows = await db
    .select({
      clientId: coachClients.clientId,
      email: coachClients.clientEmail,
      declinedAt: coachClients.declinedAt,
      archivedAt: coachClients.archivedAt,
      name: users.name
    })
    .from(coachClients)
    .leftJoin(users, eq(users.id, coachClients.clientId))
    .where(and(eq(coachClients.coachId, coachId), currentLink))
    .orderBy(asc(coachClients.createdAt), asc(coachClients.id))
  return rows.map((row) =>
    row.clientId === null
      ? {
          clientId: null,
          name: row.email,
          email: row.email,
          pending: true,
          declined: row.declinedAt !== null,
          archived: false
        }
      : {
          clientId: row.clientId,
          name: row.name ?? row.email,
          email: row.email,
          pending: false,
          declined: false,
          archived: row.archivedAt !== null
        }
  )
}

const isUserId = Schema.is(UserId)

/** A client's id as the coach's list keys it: digits only, a database id. */
const clientIdOfKey = (key: string): UserId | undefined => {
  if (!/^[1-9]\d{0,9}$/.test(key)) return undefined
  const id = Number(key)
  return isUserId(id) ? id : undefined
}

const PENDING_PREFIX = "pending:"

/** The rows of the coach's invitation under a `pending:<email>` key; undefined for any other key. */
const invitationUnder = (coachId: UserId, key: string) =>
  key.startsWith(PENDING_PREFIX)
    ? and(
        eq(coachClients.coachId, coachId),
        eq(coachClients.clientEmail, normalizeEmail(key.slice(PENDING_PREFIX.length))),
        isNull(coachClients.clientId),
        currentLink
      )
    : undefined

/**
 * The coach ends their link with a client (key: the client's id) or withdraws an
 * invitation, open or declined (key: `pending:<email>`). An ended link keeps its row as
 * history (ended_by 'coach'); an invitation is deleted. False when nothing of the
 * coach's has that key.
 */
export async function removeClient(db: Db, coachId: UserId, key: string): Promise<boolean> {
  const invitation = invitationUnder(coachId, key)
  if (invitation !== undefined) {
    const deleted = await db.delete(coachClients).where(invitation).returning({ id: coachClients.id })
    return deleted.length > 0
  }
  const clientId = clientIdOfKey(key)
  if (clientId === undefined) return false
  const ended = await db
    .update(coachClients)
    .set({ endedAt: sql`now()`, endedBy: "coach" })
    .where(linkedNow(coachId, clientId))
    .returning({ id: coachClients.id })
  return ended.length > 0
}

/**
 * The coach archives their linked client (or restores them, `archived` false). Only the
 * link's archive mark changes: access, history and the client's own screens stay as they
 * were. Archiving an archived client keeps the first time it was archived. False when the
 * client is not linked to this coach now.
 */
export async function markArchived(db: Db, coachId: UserId, clientId: UserId, archived: boolean): Promise<boolean> {
  const marked = await db
    .update(coachClients)
    .set({ archivedAt: archived ? sql`coalesce(${coachClients.archivedAt}, now())` : null })
    .where(linkedNow(coachId, clientId))
    .returning({ id: coachClients.id })
  return marked.length > 0
}

/** True when the client is linked to this coach now. */
export async function isCoachOf(db: Db, coachId: UserId, clientId: UserId): Promise<boolean> {
  const [row] = await db.select({ id: coachClients.id }).from(coachClients).where(linkedNow(coachId, clientId)).limit(1)
  return row !== undefined
}

/** The id of the client's coach now; undefined while they have none. */
export async function coachOf(db: Db, clientId: UserId): Promise<UserId | undefined> {
  const [row] = await db
    .select({ coachId: coachClients.coachId })
    .from(coachClients)
    .where(and(eq(coachClients.clientId, clientId), currentLink))
    .limit(1)
  return row?.coachId
}

/** The invitation a resend is for: open, neither declined nor accepted. */
export interface OpenInvitation {
  readonly invitationId: number
  readonly email: string
}

/**
 * The coach's open invitation under `key` (`pending:<email>`, as withdrawing takes it);
 * undefined for anything else: a linked client's key, a declined invitation, another
 * coach's, or nothing at all.
 */
export async function openInvitationOf(db: Db, coachId: UserId, key: string): Promise<OpenInvitation | undefined> {
  const invitation = invitationUnder(coachId, key)
  if (invitation === undefined) return undefined
  const [row] = await db
    .select({ invitationId: coachClients.id, email: coachClients.clientEmail })
    .from(coachClients)
    .where(and(invitation, isNull(coachClients.declinedAt)))
    .limit(1)
  return row
}

/** A resend's verdict: go on, or wait this long. */
export type ResendVerdict = { readonly allowed: true } | { readonly allowed: false; readonly waitMs: number }

/**
 * Claims the invitation's one resend per `intervalMs`. The claim lives in the rate limit
 * table (server/rate-limit.ts) under a key of its own, so every instance sees it; one
 * statement, so two resends at once cannot both win. Keyed by the invitation's id: an
 * invitation withdrawn and made again starts afresh.
 */
export async function claimResend(
  db: Db,
  invitationId: number,
  intervalMs: number,
  now: number = Date.now()
): Promise<ResendVerdict> {
  const key = `invitationResend:${invitationId}`
  const claimed = await db
    .insert(rateLimits)
    .values({ key, points: 1, expire: now + intervalMs })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { points: 1, expire: now + intervalMs },
      setWhere: or(isNull(rateLimits.expire), lte(rateLimits.expire, now))
    })
    .returning({ key: rateLimits.key })
  if (claimed.length > 0) return { allowed: true }
  const [held] = await db.select({ expire: rateLimits.expire }).from(rateLimits).where(eq(rateLimits.key, key)).limit(1)
  return { allowed: false, waitMs: Math.max(0, (held?.expire ?? now) - now) }
}
