/* eslint-disable @typescript-eslint/no-unsafe-member-access -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
// A coach's invitation reaches the invited address by email (docs/decisions/033): real SMTP
// through nodemailer into the in-process mail catcher, real tokens from the Auth emulator,
// both databases. Only a new invitation is announced, and a send that fails never fails
// the invitation.
import { describe, expect, it } from "vitest"
import { signupPath, useApiUnderTest, type Account } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"
import { useMailCatcher } from "./support/mail-catcher.ts"
import { createEmulatorUser, uniqueAddress } from "./support/emulator-users.ts"

const APP_ORIGIN = "https://coach.example.test"

describe.each(databasesUnderTest)("invitation emails on $name", (database) => {
  const { caught, mailTo } = useMailCatcher()
  const api = useApiUnderTest(database, () => ({ smtpUrl: caught().smtpUrl, appOrigin: APP_ORIGIN }))

  const invite = (coach: { idToken: string; id: number }, email: string) =>
    api.call("POST", "/beta/api/addClient", {
      token: coach.idToken,
      body: { data: { coachId: coach.id, clientEmail: email } }
    })

  it("a verified coach's invitation sends the address one email: who invited them, what to do, and the link", async () => {
    const coach: Account = await api.signupAs("Coach", "Cora Coach")
    const address = uniqueAddress("invited")
    expect((await invite(coach, address)).status).toBe(200)
    const mail = mailTo(address)
    expect(mail).toHaveLength(1)
    expect(mail[0]?.subject).toBe("Cora Coach invited you to train with them")
    expect(mail[0]?.text).toContain(`Cora Coach (${coach.email}) invited you to train with them`)
    expect(mail[0]?.text).toContain("Sign in or create an account with this address")
    expect(mail[0]?.text).toContain(`${APP_ORIGIN}/client/dashboard`)
  })

  it("an existing client is emailed too; inviting the same address again answers 200 and sends nothing new", async () => {
    const coach = await api.signupAs("Coach", "Cora Coach")
    const client = await api.signupAs("Client", "Cal Client")
    expect((await invite(coach, client.email)).status).toBe(200)
    expect(mailTo(client.email)).toHaveLength(1)
    const before = caught().messages().length
    // Idempotent: the invitation already open is the answer, and it was already announced.
    expect(await invite(coach, client.email.toUpperCase())).toEqual({
      status: 200,
      body: { [`pending:${client.email}`]: { name: client.email, pending: true } }
    })
    expect(mailTo(client.email)).toHaveLength(1)
    expect(caught().messages()).toHaveLength(before)
  })

  it("a coach whose email is not verified is refused (403) and nobody is emailed", async () => {
    const unverified = await createEmulatorUser("unverified-coach", { verified: false })
    const signedUp = await api.call("POST", signupPath(unverified, "Una Unverified", "Coach"), {
      token: unverified.idToken
    })
    expect(signedUp.status).toBe(200)
    const before = caught().messages().length
    const address = uniqueAddress("not-invited")
    expect((await invite({ idToken: unverified.idToken, id: signedUp.body.id as number }, address)).status).toBe(403)
    expect(mailTo(address)).toHaveLength(0)
    expect(caught().messages()).toHaveLength(before)
  })

  it("when the mail server refuses, the invitation is still recorded: 200, and on the coach's list", async () => {
    const coach = await api.signupAs("Coach", "Cora Coach")
    // Nothing listens at SMTP_URL from here on: every send is refused.
    await caught().close()
    const address = uniqueAddress("unsent")
    expect(await invite(coach, address)).toEqual({
      status: 200,
      body: { [`pending:${address}`]: { name: address, pending: true } }
    })
    const list = await api.call("GET", `/beta/api/getAllClients/${coach.id}`, { token: coach.idToken })
    expect(list).toEqual({ status: 200, body: { [`pending:${address}`]: { name: address, pending: true } } })
    expect(mailTo(address)).toHaveLength(0)
  })
})
