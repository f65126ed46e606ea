/* eslint-disable @typescript-eslint/no-unsafe-member-access -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
// A coach sends an open invitation's email again (docs/decisions/033): the same email,
// only for the coach's own open invitation, at most once every ten minutes. Real SMTP
// into the in-process mail catcher, real tokens from the Auth emulator, both databases.
import { describe, expect, it } from "vitest"
import { claimResend } from "#server/clients/repository.ts"
import { useApiUnderTest, type Account } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"
import { uniqueAddress } from "./support/emulator-users.ts"
import { useMailCatcher } from "./support/mail-catcher.ts"

const APP_ORIGIN = "https://coach.example.test"

describe.each(databasesUnderTest)("resending an invitation on $name", (database) => {
  const { caught, mailTo } = useMailCatcher()
  const api = useApiUnderTest(database, () => ({ smtpUrl: caught().smtpUrl, appOrigin: APP_ORIGIN }))

  const invite = async (coach: Account, email: string) => {
    const answer = await api.call("POST", "/beta/api/addClient", {
      token: coach.idToken,
      body: { data: { coachId: coach.id, clientEmail: email } }
    })
    expect(answer.status).toBe(200)
  }
  const resend = (coach: { idToken: string } | undefined, body: unknown) =>
    api.call("POST", "/beta/api/invitations/resend", { token: coach?.idToken, body })

  it("the coach's open invitation is emailed again, the same email; the answer is their list", async () => {
    const coach = await api.signupAs("Coach", "Cora Coach")
    const address = uniqueAddress("resent")
    await invite(coach, address)
    expect(mailTo(address)).toHaveLength(1)
    expect(await resend(coach, { clientKey: `pending:${address}` })).toEqual({
      status: 200,
      body: { [`pending:${address}`]: { name: address, pending: true } }
    })
    const mail = mailTo(address)
    expect(mail).toHaveLength(2)
    expect(mail[1]?.subject).toBe(mail[0]?.subject)
    expect(mail[1]?.text).toBe(mail[0]?.text)
    expect(mail[1]?.subject).toBe("Cora Coach invited you to train with them")
  })

  it("a second resend within ten minutes is a 429 saying when, and sends nothing", async () => {
    const coach = await api.signupAs("Coach")
    const address = uniqueAddress("twice")
    await invite(coach, address)
    expect((await resend(coach, { clientKey: `pending:${address}` })).status).toBe(200)
    const again = await resend(coach, { clientKey: `pending:${address.toUpperCase()}` })
    expect(again.status).toBe(429)
    expect(again.body).toEqual({
      error: "This invitation was sent again a moment ago; you can resend it in 10 minutes",
      code: "ResendTooSoon"
    })
    expect(mailTo(address)).toHaveLength(2)
  })

  it("the limit is per invitation: another of the coach's invitations can be resent at once", async () => {
    const coach = await api.signupAs("Coach")
    const [first, second] = [uniqueAddress("first"), uniqueAddress("second")]
    await invite(coach, first)
    await invite(coach, second)
    expect((await resend(coach, { clientKey: `pending:${first}` })).status).toBe(200)
    expect((await resend(coach, { clientKey: `pending:${second}` })).status).toBe(200)
    expect(mailTo(second)).toHaveLength(2)
  })

  it("the claim opens again once its ten minutes have passed", async () => {
    const id = 1_000_000 + Math.floor(Math.random() * 1_000_000)
    const start = Date.now()
    const interval = 600_000
    const db = api.server().database.db
    expect(await claimResend(db, id, interval, start)).toEqual({ allowed: true })
    expect(await claimResend(db, id, interval, start + 60_000)).toEqual({ allowed: false, waitMs: 540_000 })
    expect(await claimResend(db, id, interval, start + interval)).toEqual({ allowed: true })
    expect(await claimResend(db, id, interval, start + interval + 1)).toEqual({
      allowed: false,
      waitMs: interval - 1
    })
  })

  it("bad input is a 400 naming the field", async () => {
    const coach = await api.signupAs("Coach")
    for (const body of [{}, { clientKey: "" }, { clientKey: 7 }]) {
      const answer = await resend(coach, body)
      expect(answer.status).toBe(400)
      expect(answer.body.error).toContain("clientKey")
    }
  })

  it("without a token is a 401", async () => {
    expect((await resend(undefined, { clientKey: "pending:someone@tests.dev" })).status).toBe(401)
  })

  it("another coach's invitation, a linked client, a declined invitation or no such key is a 404, and nobody is emailed", async () => {
    const coach = await api.signupAs("Coach")
    const other = await api.signupAs("Coach", "Otto Other")
    const theirs = uniqueAddress("theirs")
    await invite(other, theirs)
    const linked = await api.clientOf(coach)
    const decliner = await api.signupAs("Client", "Dee Decliner")
    await invite(coach, decliner.email)
    const coaching = await api.call("GET", "/beta/api/coaching", { token: decliner.idToken })
    const invitationId = coaching.body.invitations[0].invitationId as number
    const declined = await api.call("POST", `/beta/api/coaching/invitations/${invitationId}/decline`, {
      token: decliner.idToken
    })
    expect(declined.status).toBe(200)
    const before = caught().messages().length
    for (const clientKey of [
      `pending:${theirs}`,
      `pending:${linked.email}`,
      String(linked.id),
      `pending:${decliner.email}`,
      "pending:nobody@tests.dev",
      "nonsense"
    ]) {
      const answer = await resend(coach, { clientKey })
      expect(answer).toEqual({
        status: 404,
        body: { error: "clientKey: no open invitation with that key on your list", code: "InvitationNotFound" }
      })
    }
    expect(caught().messages()).toHaveLength(before)
  })
})
