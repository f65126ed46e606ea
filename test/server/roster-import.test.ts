/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
/**
 * A coach brings their roster (POST /api/clients/import, docs/decisions/049): every row is
 * invited as addClient invites one (docs/decisions/033), each with its own outcome; a bad
 * address is a row of the report, never a 400 for the file; the pending-invitation cap
 * holds row by row; new invitations, and only they, are emailed. On PGlite and PostgreSQL,
 * real tokens from the Auth emulator, real SMTP into the mail catcher.
 */
import { describe, expect, it } from "vitest"
import { MAX_ROSTER_ROWS } from "#domain/roster-import.ts"
import { MAX_PENDING_INVITATIONS } from "#domain/workout.ts"
import { UNAVAILABLE_ADDRESS } from "#server/clients/repository.ts"
import { ROSTER_MESSAGES, sameAddressAs } from "#server/clients/roster-import.ts"
import { type Account, signupPath, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"
import { createEmulatorUser, uniqueAddress } from "./support/emulator-users.ts"
import { useMailCatcher } from "./support/mail-catcher.ts"

describe.each(databasesUnderTest)("roster import on $name", (database) => {
  const { caught, mailTo } = useMailCatcher()
  const api = useApiUnderTest(database, () => ({ smtpUrl: caught().smtpUrl, appOrigin: "https://coach.example.test" }))

  const importRows = (who: { idToken: string } | undefined, rows: unknown) =>
    api.call("POST", "/beta/api/clients/import", { token: who?.idToken, body: { rows } })
  const listOf = (coach: Account) => api.call("GET", `/beta/api/getAllClients/${coach.id}`, { token: coach.idToken })
  const invite = (coach: Account, email: string) =>
    api.call("POST", "/beta/api/addClient", {
      token: coach.idToken,
      body: { data: { coachId: coach.id, clientEmail: email } }
    })
  const declineFrom = async (client: Account, coach: Account) => {
    const coaching = await api.call("GET", "/beta/api/coaching", { token: client.idToken })
    const invitation = (coaching.body.invitations as Array<{ invitationId: number; coachEmail: string }>).find(
      (one) => one.coachEmail === coach.email
    )
    const answer = await api.call("POST", `/beta/api/coaching/invitations/${invitation?.invitationId}/decline`, {
      token: client.idToken
    })
    expect(answer.status).toBe(200)
  }

  it("reports every row's outcome in order, invites the new addresses, lists them, and emails them alone", async () => {
    const coach = await api.signupAs("Coach", "Rosa Roster")
    const linked = await api.clientOf(coach, "Lin Linked")
    const waiting = uniqueAddress("waiting")
    expect((await invite(coach, waiting)).status).toBe(200)
    const decliner = await api.signupAs("Client", "Dee Decliner")
    expect((await invite(coach, decliner.email)).status).toBe(200)
    await declineFrom(decliner, coach)
    const otherCoach = await api.signupAs("Coach", "Otto Other")
    const newcomer = uniqueAddress("newcomer")
    const member = await api.signupAs("Client", "Mo Member")
    const before = caught().messages().length

    const answer = await importRows(coach, [
      { name: "New Comer", email: `  ${newcomer.toUpperCase()} ` },
      { name: "Mo Member", email: member.email },
      { name: "Not Mail", email: "mo at example" },
      { email: newcomer },
      { name: "Lin", email: linked.email },
      { email: waiting },
      { email: decliner.email },
      { name: "Otto", email: otherCoach.email },
      { email: "" }
    ])
    expect(answer.status).toBe(200)
    expect(answer.body.rows).toEqual([
      { line: 1, email: newcomer.toUpperCase(), outcome: "invited", message: ROSTER_MESSAGES.invited },
      { line: 2, email: member.email, outcome: "invited", message: ROSTER_MESSAGES.invited },
      { line: 3, email: "mo at example", outcome: "not-an-email", message: ROSTER_MESSAGES["not-an-email"] },
      { line: 4, email: newcomer, outcome: "duplicate", message: sameAddressAs(1) },
      { line: 5, email: linked.email, outcome: "already-linked", message: ROSTER_MESSAGES["already-linked"] },
      { line: 6, email: waiting, outcome: "already-invited", message: ROSTER_MESSAGES["already-invited"] },
      { line: 7, email: decliner.email, outcome: "declined", message: ROSTER_MESSAGES.declined },
      // A coach's address: ADR 015's one answer, which says nothing of whose it is.
      { line: 8, email: otherCoach.email, outcome: "refused", message: UNAVAILABLE_ADDRESS },
      { line: 9, email: "", outcome: "not-an-email", message: ROSTER_MESSAGES["not-an-email"] }
    ])
    const list = (await listOf(coach)).body
    expect(answer.body.clients).toEqual(list)
    expect(list).toEqual({
      [String(linked.id)]: { name: "Lin Linked", pending: false },
      [`pending:${waiting}`]: { name: waiting, pending: true },
      [`pending:${decliner.email}`]: { name: decliner.email, pending: true, declined: true },
      [`pending:${newcomer}`]: { name: newcomer, pending: true },
      [`pending:${member.email}`]: { name: member.email, pending: true }
    })
    // The new invitations are emailed once each; nobody else is.
    expect(mailTo(newcomer)).toHaveLength(1)
    expect(mailTo(member.email)).toHaveLength(1)
    expect(mailTo(newcomer)[0]?.text).toContain("Rosa Roster")
    expect(caught().messages()).toHaveLength(before + 2)
    // The existing account sees the invitation as a request (it never links).
    const coaching = await api.call("GET", "/beta/api/coaching", { token: member.idToken })
    expect(coaching.body.coach).toBeNull()
    expect(coaching.body.invitations.map((one: { coachEmail: string }) => one.coachEmail)).toEqual([coach.email])
  })

  it("the same file again invites nobody twice and sends no email", async () => {
    const coach = await api.signupAs("Coach")
    const rows = [{ email: uniqueAddress("again") }, { email: uniqueAddress("again") }]
    expect((await importRows(coach, rows)).body.rows.map((row: { outcome: string }) => row.outcome)).toEqual([
      "invited",
      "invited"
    ])
    const before = caught().messages().length
    const again = await importRows(coach, rows)
    expect(again.body.rows.map((row: { outcome: string }) => row.outcome)).toEqual([
      "already-invited",
      "already-invited"
    ])
    expect(caught().messages()).toHaveLength(before)
  })

  it(`holds the cap of ${MAX_PENDING_INVITATIONS} invitations waiting: rows past it are reported, not stored`, async () => {
    const coach = await api.signupAs("Coach")
    const first = Array.from({ length: MAX_PENDING_INVITATIONS - 2 }, () => ({ email: uniqueAddress("cap") }))
    const filled = await importRows(coach, first)
    expect(filled.status).toBe(200)
    expect(new Set(filled.body.rows.map((row: { outcome: string }) => row.outcome))).toEqual(new Set(["invited"]))
    const more = [uniqueAddress("cap"), uniqueAddress("cap"), uniqueAddress("past"), uniqueAddress("past")]
    const answer = await importRows(
      coach,
      more.map((email) => ({ email }))
    )
    expect(answer.body.rows).toEqual([
      { line: 1, email: more[0], outcome: "invited", message: ROSTER_MESSAGES.invited },
      { line: 2, email: more[1], outcome: "invited", message: ROSTER_MESSAGES.invited },
      { line: 3, email: more[2], outcome: "limit-reached", message: ROSTER_MESSAGES["limit-reached"] },
      { line: 4, email: more[3], outcome: "limit-reached", message: ROSTER_MESSAGES["limit-reached"] }
    ])
    const keys = Object.keys((await listOf(coach)).body)
    expect(keys).toHaveLength(MAX_PENDING_INVITATIONS)
    expect(keys).not.toContain(`pending:${more[2]}`)
    expect(mailTo(more[2] ?? "")).toHaveLength(0)
  })

  it.each([
    ["rows", []],
    ["rows", Array.from({ length: MAX_ROSTER_ROWS + 1 }, (_, index) => ({ email: `p${index}@tests.dev` }))],
    ["rows[1].email", [{ email: "a@tests.dev" }, { email: `${"x".repeat(320)}@tests.dev` }]],
    ["rows[0].email", [{ name: "No address" }]],
    ["rows[0].name", [{ name: "n".repeat(201), email: "a@tests.dev" }]],
    ["rows", "not a list"]
  ])("a bad %s is a 400 naming it, and nobody is invited", async (field, rows) => {
    const coach = await api.signupAs("Coach")
    const answer = await importRows(coach, rows)
    expect(answer.status).toBe(400)
    expect(String(answer.body.error).startsWith(`${field}: `)).toBe(true)
    expect((await listOf(coach)).body).toEqual({})
  })

  it("refuses a call without a token (401), a client (403) and a coach whose email is not verified (403)", async () => {
    const rows = [{ email: uniqueAddress("refused") }]
    expect(await importRows(undefined, rows)).toEqual({
      status: 401,
      body: { error: expect.stringContaining("Sign in") }
    })
    const client = await api.signupAs("Client")
    expect(await importRows(client, rows)).toEqual({ status: 403, body: { error: "Only coaches can import clients" } })
    const unverified = await createEmulatorUser("unverified-coach", { verified: false })
    const signedUp = await api.call("POST", signupPath(unverified, "Una Unverified", "Coach"), {
      token: unverified.idToken
    })
    expect(await importRows(unverified, rows)).toEqual({
      status: 403,
      body: { error: "Verify your email address before inviting clients", code: "EmailNotVerified" }
    })
    const coach = { ...unverified, id: signedUp.body.id as number, name: "Una Unverified" }
    expect((await listOf(coach)).body).toEqual({})
    expect(mailTo(rows[0]?.email ?? "")).toHaveLength(0)
  })
})
