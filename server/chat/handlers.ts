import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import type { VerifiedIdentity } from "#domain/api.ts"
import { ServerApi } from "../api.ts"
import { Forbidden, NotFound } from "#domain/api-errors.ts"
import { MessageIdTaken } from "#domain/chat-errors.ts"
import { NoCoach } from "#domain/coaching-errors.ts"
import { ClientNotFound } from "#domain/workout-errors.ts"
import { MESSAGE_PAGE_SIZE } from "#domain/chat.ts"
import type { UserId } from "#domain/ids.ts"
import { currentAccount } from "../account.ts"
import { coachOf, isCoachOf } from "../clients/repository.ts"
import type { Pair } from "../live/record.ts"
import { Database, makeRun, type Run } from "../services.ts"
import type { UserRow } from "../users/repository.ts"
import { markRead, messagePage, otherReadSeq, sendMessage, unreadThreads } from "./repository.ts"

/*
 * Chat between a coach and each client (docs/decisions/029). A thread is named
 * by its client. Only its two people read or write it: another client is refused (403),
 * a coach not theirs finds nothing (404), as /workouts answers.
 */

/** The caller and the thread of `clientId`, when the caller is one of its two people. */
export const requireThread = (
  run: Run,
  clientId: UserId
): Effect.Effect<
  { readonly account: UserRow; readonly pair: Pair },
  Forbidden | NoCoach | ClientNotFound,
  VerifiedIdentity
> =>
  Effect.gen(function* () {
    const account = yield* currentAccount(run)
    if (account.user_type === "Client") {
      if (account.id !== clientId) return yield* new Forbidden({ error: "You can only read your own conversation" })
      const coachId = yield* run((db) => coachOf(db, clientId))
      if (coachId === undefined) return yield* new NoCoach({ error: "clientId: you have no coach to talk to yet" })
      return { account, pair: { coachId, clientId } }
    }
    const linked = yield* run((db) => isCoachOf(db, account.id, clientId))
    if (!linked)
      return yield* new ClientNotFound({ error: `clientId: no client with id ${clientId} on your client list` })
    return { account, pair: { coachId: account.id, clientId } }
  })

export const ChatLive = HttpApiBuilder.group(ServerApi, "chat", (handlers) =>
  Effect.gen(function* () {
    const run = makeRun(yield* Database)
    return handlers
      .handle("messages", ({ params, query }) =>
        Effect.gen(function* () {
          const { account, pair } = yield* requireThread(run, params.clientId)
          const [page, readByOther] = yield* run((db) =>
            Promise.all([
              messagePage(db, pair, query.before, query.limit ?? MESSAGE_PAGE_SIZE),
              otherReadSeq(db, pair, account.id)
            ])
          )
          return { messages: page.messages, before: page.next, readByOther }
        })
      )
      .handle("sendMessage", ({ params, payload }) =>
        Effect.gen(function* () {
          const { account, pair } = yield* requireThread(run, params.clientId)
          const outcome = yield* run((db) => sendMessage(db, pair, account.id, payload))
          if (outcome._tag === "IdTaken") {
            return yield* new MessageIdTaken({
              error: "id: already used for another message; a new message needs a new id"
            })
          }
          return outcome.message
        })
      )
      .handle("markRead", ({ params, payload }) =>
        Effect.gen(function* () {
          const { account, pair } = yield* requireThread(run, params.clientId)
          const outcome = yield* run((db) => markRead(db, pair, account.id, payload.messageId))
          if (outcome._tag === "NoSuchMessage") {
            return yield* new NotFound({ error: `messageId: no message ${payload.messageId} in this conversation` })
          }
          return outcome.mark
        })
      )
      .handle("unread", () =>
        Effect.gen(function* () {
          const account = yield* currentAccount(run)
          const threads = yield* run((db) => unreadThreads(db, account.id))
          const total = threads.reduce((sum, thread) => sum + thread.unread, 0)
          return { total, threads }
        })
      )
  })
)
