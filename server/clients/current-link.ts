import { and, eq, isNull, type SQL, type SQLWrapper } from "drizzle-orm"
import type { UserId } from "#domain/ids.ts"
import { coachClients } from "../db/schema.ts"

/**
 * A coach_clients row that gives access: a link or invitation nobody has ended. Every
 * access check reads only these, so ending a link ends the coach's reads and writes at
 * once while the row stays as history (docs/decisions/033-coaching-by-consent.md).
 */
export const currentLink: SQL = isNull(coachClients.endedAt)

/**
 * A link the coach has not archived (src/domain/client-archive.ts). What the coach looks
 * over (the overview) reads only these; an access check never does: an archived client's
 * history stays readable and writable as before.
 */
export const notArchived: SQL = isNull(coachClients.archivedAt)

/** The coach's current link to the client: the one condition every access check reads. */
export const linkedNow = (coachId: UserId | SQLWrapper, clientId: UserId | SQLWrapper): SQL =>
  and(eq(coachClients.coachId, coachId), eq(coachClients.clientId, clientId), currentLink) as SQL
