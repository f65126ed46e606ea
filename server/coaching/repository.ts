import { and, asc, eq, isNull, sql } from "drizzle-orm"
import type { CoachInvitation, Coaching, CurrentCoach, InvitationId } from "#domain/coaching.ts"
import type { UserId } from "#domain/ids.ts"
import type { Db } from "../db/client.ts"
import { isoInstant } from "../db/iso-instant.ts"
import { coachClients, users } from "../db/schema.ts"
import { isUniqueViolation } from "../db/unique-violation.ts"
import { currentLink } from "../clients/current-link.ts"

/*
 * The client's side of coaching by consent (docs/decisions/033-coaching-by-consent.md):
 * their coach, the invitations addressed to their email, and what they answer.
 */

/** An invitation nobody has answered, ended or linked yet. */
const open = and(isNull(coachClients.clientId), isNull(coachClients.declinedAt), currentLink)

/** Open and addressed to this email. */
const openTo = (invitationId: InvitationId, email: string) =>
  and(eq(coachClients.id, invitationId), eq(coachClients.clientEmail, email), open)

async function currentCoach(db: Db, clientId: UserId): Promise<CurrentCoach | null> {
  const [row] = await db
    .select({
      coachId: coachClients.coachId,
      name: users.name,
      email: users.email,
      since: isoInstant(sql`coalesce(${coachClients.linkedAt}, ${coachClients.createdAt})`)
    })
    .from(coachClients)
    .innerJoin(users, eq(users.id, coachClients.coachId))
    .where(and(eq(coachClients.clientId, clientId), currentLink))
    .limit(1)
  return row ?? null
}

/** The open invitations to `email`, oldest first. */
function openInvitations(db: Db, email: string): Promise<ReadonlyArray<CoachInvitation>> {
  return db
    .select({
      invitationId: coachClients.id,
      coachName: users.name,
      coachEmail: users.email,
      invitedAt: isoInstant(coachClients.createdAt)
    })
    .from(coachClients)
    .innerJoin(users, eq(users.id, coachClients.coachId))
    .where(and(eq(coachClients.clientEmail, email), open))
    .orderBy(asc(coachClients.createdAt), asc(coachClients.id))
}

/**
 * The client's coach and, when Firebase vouches for their email (`emailVerified`), the
 * invitations addressed to it: only the inbox the coach wrote to may see them.
 */
export async function coachingOf(
  db: Db,
  client: { readonly id: UserId; readonly email: string },
  emailVerified: boolean
): Promise<Coaching> {
  const [coach, invitations] = await Promise.all([
    currentCoach(db, client.id),
    emailVerified ? openInvitations(db, client.email) : Promise.resolve([])
  ])
  return { coach, invitations, emailVerified }
}

export type AcceptOutcome = "Accepted" | "NoSuchInvitation" | "HasCoach"

/**
 * The client takes the open invitation addressed to `email`: it becomes their link.
 * While they have a coach it is refused (a client has one coach at a time); the other
 * invitations stay for them to answer.
 */
export async function acceptInvitation(
  db: Db,
  client: { readonly id: UserId; readonly email: string },
  invitationId: InvitationId
): Promise<AcceptOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const [invitation] = await tx
        .select({ id: coachClients.id })
        .from(coachClients)
        .where(openTo(invitationId, client.email))
        .limit(1)
      if (invitation === undefined) return "NoSuchInvitation" as const
      const [linked] = await tx
        .select({ id: coachClients.id })
        .from(coachClients)
        .where(and(eq(coachClients.clientId, client.id), currentLink))
        .limit(1)
      if (linked !== undefined) return "HasCoach" as const
      const taken = await tx
        .update(coachClients)
        .set({ clientId: client.id, linkedAt: sql`now()` })
        .where(openTo(invitationId, client.email))
        .returning({ id: coachClients.id })
      return taken.length > 0 ? ("Accepted" as const) : ("NoSuchInvitation" as const)
    })
  } catch (error) {
    // Another accept of theirs linked them first (one current link per client).
    if (isUniqueViolation(error)) return "HasCoach"
    throw error
  }
}

/** The client declines the open invitation addressed to `email`; false when there is none. */
export async function declineInvitation(db: Db, email: string, invitationId: InvitationId): Promise<boolean> {
  const declined = await db
    .update(coachClients)
    .set({ declinedAt: sql`now()` })
    .where(openTo(invitationId, email))
    .returning({ id: coachClients.id })
  return declined.length > 0
}

/** The client ends the link with their coach; the row stays as history. False when they have none. */
export async function endCoaching(db: Db, clientId: UserId): Promise<boolean> {
  const ended = await db
    .update(coachClients)
    .set({ endedAt: sql`now()`, endedBy: "client" })
    .where(and(eq(coachClients.clientId, clientId), currentLink))
    .returning({ id: coachClients.id })
  return ended.length > 0
}
