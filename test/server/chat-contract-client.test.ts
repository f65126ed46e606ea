import { randomUUID } from "node:crypto"
import * as Effect from "effect/Effect"
import { beforeAll, describe, expect, it } from "vitest"
import type { IsoDate } from "#domain/calendar.ts"
import type { MessageId } from "#domain/chat.ts"
import { ChatApi } from "#domain/chat-api.ts"
import type { CommentId } from "#domain/comments.ts"
import type { UserId } from "#domain/ids.ts"
import { makeContractClient } from "#gateway/contract-client.ts"
import { type Account, useApiUnderTest } from "./support/api-under-test.ts"
import { databasesUnderTest } from "./support/databases.ts"

/*
 * The chat contract stands apart from the app's (ADR 029), so the screens that talk build
 * their own client from it, as the gateway does from Api (ADR 009). Every call here goes
 * through that client and decodes with the contract's schemas, against the real server.
 */
describe.each(databasesUnderTest)("a contract-derived client of ChatApi on $name", (database) => {
  const api = useApiUnderTest(database)
  let coach: Account
  let client: Account

  beforeAll(async () => {
    coach = await api.signupAs("Coach", "Client Coach")
    client = await api.clientOf(coach, "Contract Lifter")
  })

  const clientFor = (account: Account) =>
    makeContractClient(ChatApi, {
      baseUrl: api.server().url,
      headers: Effect.succeed({ authorization: `Bearer ${account.idToken}` }),
      fetch: globalThis.fetch
    })

  it("sends, pages, marks read and counts unread with decoded answers", async () => {
    const lifter = clientFor(client)
    const theCoach = clientFor(coach)
    const clientId = client.id as UserId
    const id = randomUUID() as MessageId
    const sent = await Effect.runPromise(
      lifter.chat.sendMessage({ params: { clientId }, payload: { id, body: "Hi coach" } })
    )
    expect(sent).toMatchObject({ id, clientId: client.id, senderId: client.id, body: "Hi coach" })
    const page = await Effect.runPromise(theCoach.chat.messages({ params: { clientId }, query: { limit: 10 } }))
    expect(page.messages[0]).toEqual(sent)
    expect(page.before).toBeNull()
    expect((await Effect.runPromise(theCoach.chat.unread({}))).total).toBe(1)
    const mark = await Effect.runPromise(theCoach.chat.markRead({ params: { clientId }, payload: { messageId: id } }))
    expect(mark.seq).toBe(sent.seq)
    expect((await Effect.runPromise(theCoach.chat.unread({}))).total).toBe(0)
  })

  it("routes a refusal to its declared error class", async () => {
    const lifter = clientFor(client)
    const failure = await Effect.runPromise(
      Effect.flip(lifter.chat.messages({ params: { clientId: (client.id + 100_000) as UserId }, query: {} }))
    )
    expect(failure._tag).toBe("Forbidden")
  })

  it("writes and reads comments, and the coach's recent list", async () => {
    const saved = await api.saveWorkout(coach, client, "2025-05-05")
    expect(saved.status).toBe(200)
    const lifter = clientFor(client)
    const theCoach = clientFor(coach)
    const id = randomUUID() as CommentId
    const written = await Effect.runPromise(
      lifter.comments.addComment({
        payload: { id, target: { kind: "workout", date: "2025-05-05" as IsoDate, workoutOrder: 0 }, body: "Felt good" }
      })
    )
    const replied = await Effect.runPromise(
      theCoach.comments.replyToComment({ params: { commentId: id }, payload: { body: "Great" } })
    )
    expect(replied.reply?.body).toBe("Great")
    const recent = await Effect.runPromise(theCoach.comments.recentComments({ query: {} }))
    expect(recent[0]).toEqual({ ...replied, clientName: "Contract Lifter" })
    const day = await Effect.runPromise(
      lifter.comments.dayComments({ params: { clientId: client.id as UserId }, query: { date: written.date } })
    )
    expect(day).toEqual([replied])
  })
})
