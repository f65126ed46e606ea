import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import type { UserId } from "#domain/ids.ts"
import { MAX_PENDING_INVITATIONS } from "#domain/workout.ts"
import type { RosterOutcome, RosterRow, RosterRowReport } from "#domain/roster-import.ts"
import { isValidClientEmail } from "#domain/user.ts"
import { EmailNotVerified } from "#domain/user-errors.ts"
import { currentCoach, hasVerifiedEmail } from "../account.ts"
import { ServerApi } from "../api.ts"
import type { Db } from "../db/client.ts"
import { invitationEmail, SEND_WAIT_MS, sendInvitation } from "../mail/invitation-email.ts"
import type { Mailer } from "../mail/mailer.ts"
import { Database, Mail, makeRun, Tokens } from "../services.ts"
import { normalizeEmail } from "../users/repository.ts"
import { toClientLookup } from "./handlers.ts"
import { type AddClientOutcome, addClient, listClients, VERIFY_BEFORE_INVITING } from "./repository.ts"

/*
 * POST /api/clients/import (docs/decisions/049-import-and-export.md, "Programs and rosters"):
 * each row of the coach's roster is invited as POST /api/addClient invites one address
 * (docs/decisions/033), each in its own transaction with its own outcome, so one bad row
 * stops nothing and the pending-invitation cap holds row by row. New invitations are
 * emailed once all rows are stored.
 */

/** The words each outcome is reported with (a coach's address gets ADR 015's one answer). */
export const ROSTER_MESSAGES = {
  invited: "Invitation sent",
  "already-invited": "Already invited: the invitation is still waiting for an answer",
  "already-linked": "Already one of your clients",
  declined: "Declined your invitation; remove it from your list to invite them again",
  "not-an-email": "Not an email address",
  "limit-reached": `You have ${MAX_PENDING_INVITATIONS} invitations waiting for people to sign up, the most a coach may have`
} as const satisfies Partial<Record<RosterOutcome, string>>

export const sameAddressAs = (line: number) => `Same address as line ${line}`

const outcomeOf = (answer: AddClientOutcome): { outcome: RosterOutcome; message: string } => {
  if (answer._tag === "Invited") {
    const outcome = answer.created ? "invited" : "already-invited"
    return { outcome, message: ROSTER_MESSAGES[outcome] }
  }
  switch (answer.reason) {
    case "unavailable":
      return { outcome: "refused", message: answer.message }
    case "linked":
      return { outcome: "already-linked", message: ROSTER_MESSAGES["already-linked"] }
    case "declined":
      return { outcome: "declined", message: ROSTER_MESSAGES.declined }
    case "limit":
      return { outcome: "limit-reached", message: ROSTER_MESSAGES["limit-reached"] }
  }
}

/**
 * Invites every row in order. A row that is not an address, or repeats an earlier row's,
 * is reported without a call; every other row is addClient's call with its own outcome.
 * Answers the report's rows and the addresses newly invited, to be emailed.
 */
export async function importRoster(
  db: Db,
  coachId: UserId,
  rows: ReadonlyArray<RosterRow>
): Promise<{ readonly rows: ReadonlyArray<RosterRowReport>; readonly invited: ReadonlyArray<string> }> {
  const seen = new Map<string, number>()
  const reports: Array<RosterRowReport> = []
  const invited: Array<string> = []
  for (const [index, row] of rows.entries()) {
    const line = index + 1
    const email = row.email.trim()
    const report = (outcome: RosterOutcome, message: string) => reports.push({ line, email, outcome, message })
    if (!isValidClientEmail(email)) {
      report("not-an-email", ROSTER_MESSAGES["not-an-email"])
      continue
    }
    const address = normalizeEmail(email)
    const earlier = seen.get(address)
    if (earlier !== undefined) {
      report("duplicate", sameAddressAs(earlier))
      continue
    }
    seen.set(address, line)
    const answer = await addClient(db, coachId, email)
    const { outcome, message } = outcomeOf(answer)
    report(outcome, message)
    if (answer._tag === "Invited" && answer.created) invited.push(answer.entry.email)
  }
  return { rows: reports, invited }
}

/** The most invitation emails on their way at once. */
const SENDS_AT_ONCE = 8

/**
 * Emails each new invitation, a few at a time. The answer waits for them at most
 * SEND_WAIT_MS, as one addClient's does; past that the sends go on and are logged.
 */
async function announceAll(
  mailer: Mailer,
  coach: { readonly name: string; readonly email: string },
  addresses: ReadonlyArray<string>,
  appOrigin: string
): Promise<void> {
  const queue = [...addresses]
  const sender = async () => {
    for (let to = queue.shift(); to !== undefined; to = queue.shift()) {
      await sendInvitation(mailer, invitationEmail({ to, coachName: coach.name, coachEmail: coach.email, appOrigin }))
    }
  }
  const all = Promise.all(Array.from({ length: Math.min(SENDS_AT_ONCE, queue.length) }, sender))
  let timer: ReturnType<typeof setTimeout> | undefined
  const waited = new Promise<void>((done) => {
    timer = setTimeout(done, SEND_WAIT_MS)
  })
  try {
    await Promise.race([all.then(() => undefined), waited])
  } finally {
    clearTimeout(timer)
  }
}

export const RosterLive = HttpApiBuilder.group(ServerApi, "roster", (handlers) =>
  Effect.gen(function* () {
    const run = makeRun(yield* Database)
    const tokens = yield* Tokens
    const mail = yield* Mail
    return handlers.handle("importClients", ({ payload }) =>
      Effect.gen(function* () {
        const coach = yield* currentCoach(run, "import clients")
        if (!(yield* hasVerifiedEmail(tokens, coach))) {
          return yield* new EmailNotVerified({ error: VERIFY_BEFORE_INVITING })
        }
        const imported = yield* run((db) => importRoster(db, coach.id, payload.rows))
        const mailer = mail.mailer
        if (mailer !== undefined && imported.invited.length > 0) {
          yield* Effect.promise(() => announceAll(mailer, coach, imported.invited, mail.appOrigin()))
        }
        return { rows: imported.rows, clients: toClientLookup(yield* run((db) => listClients(db, coach.id))) }
      })
    )
  })
)
