import * as Schema from "effect/Schema"
import { ClientLookup } from "./workout.ts"

/*
 * A coach brings their roster (docs/decisions/049-import-and-export.md, "Programs and
 * rosters"): the rows of a file of names and addresses, each invited as POST
 * /api/addClient invites one (docs/decisions/033): an invitation is a request, the
 * pending-invitation cap holds, and a coach's address gets ADR 015's one answer. Each row
 * has its own outcome; a bad address is a row of the report, never a 400 for the file.
 */

/** The most rows one import carries: a roster, not a mailing list. */
export const MAX_ROSTER_ROWS = 200
/** The longest address a row may carry (RFC 5321's 64 + 1 + 255): anything longer is a 400, not a row. */
export const MAX_ROSTER_EMAIL_LENGTH = 320
/** The longest name a row may carry. Names are shown in the preview; the server keeps none. */
export const MAX_ROSTER_NAME_LENGTH = 200

/**
 * One row as the file had it. The address is raw text (checked row by row, so a bad one is
 * reported); the name is only read, since an invitation is named by its address.
 */
export const RosterRow = Schema.Struct({
  name: Schema.optionalKey(
    Schema.String.annotate({ message: "name must be a string" }).check(
      Schema.isMaxLength(MAX_ROSTER_NAME_LENGTH, {
        message: `name must be at most ${MAX_ROSTER_NAME_LENGTH} characters`
      })
    )
  ),
  email: Schema.String.annotate({ message: "email must be a string" }).check(
    Schema.isMaxLength(MAX_ROSTER_EMAIL_LENGTH, {
      message: `email must be at most ${MAX_ROSTER_EMAIL_LENGTH} characters`
    })
  )
})
export type RosterRow = typeof RosterRow.Type

/** Body of POST /api/clients/import: 1 to MAX_ROSTER_ROWS rows, in the file's order. */
export const RosterImportPayload = Schema.Struct({
  rows: Schema.Array(RosterRow).check(
    Schema.isMinLength(1, { message: "rows must hold at least one row" }),
    Schema.isMaxLength(MAX_ROSTER_ROWS, { message: `rows holds at most ${MAX_ROSTER_ROWS} rows` })
  )
})
export type RosterImportPayload = typeof RosterImportPayload.Type

/**
 * What became of one row:
 * - `invited`: a new invitation, emailed once the row's transaction committed;
 * - `already-invited`: an open invitation to the address was on the list already;
 * - `already-linked`: the address is a client of the coach's already;
 * - `declined`: the address declined an invitation the coach has not removed;
 * - `not-an-email`: the text is not an address an invitation can go to;
 * - `duplicate`: an earlier row of the file had the same address;
 * - `limit-reached`: the coach has the most invitations waiting a coach may have;
 * - `refused`: the address cannot be added, in addClient's words (ADR 015).
 */
export const ROSTER_OUTCOMES = [
  "invited",
  "already-invited",
  "already-linked",
  "declined",
  "not-an-email",
  "duplicate",
  "limit-reached",
  "refused"
] as const
export const RosterOutcome = Schema.Literals(ROSTER_OUTCOMES)
export type RosterOutcome = typeof RosterOutcome.Type

/** One row's outcome; `line` is the row's place in `rows`, from 1. */
export const RosterRowReport = Schema.Struct({
  line: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: MAX_ROSTER_ROWS })),
  email: Schema.String,
  outcome: RosterOutcome,
  message: Schema.String
})
export type RosterRowReport = typeof RosterRowReport.Type

/** Answer of POST /api/clients/import: every row in order, then the coach's list as it now is. */
export const RosterReport = Schema.Struct({
  rows: Schema.Array(RosterRowReport),
  clients: ClientLookup
})
export type RosterReport = typeof RosterReport.Type

/**
 * The rows of a file as POST /api/clients/import takes them, every one of them in order, so
 * the report's lines are the preview's rows (roster-file.ts reads the file). Text past the
 * contract's bounds is cut: such an address is no address, and the server says so for its row.
 */
export const rosterPayloadRows = (
  rows: ReadonlyArray<{ readonly name: string; readonly email: string }>
): ReadonlyArray<RosterRow> =>
  rows.map((row) => ({
    ...(row.name === "" ? {} : { name: row.name.slice(0, MAX_ROSTER_NAME_LENGTH) }),
    email: row.email.slice(0, MAX_ROSTER_EMAIL_LENGTH)
  }))
