import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { ServerApi } from "../api.ts"
import { NotFound } from "#domain/api-errors.ts"
import { CommentIdTaken } from "#domain/chat-errors.ts"
import { NoCoach } from "#domain/coaching-errors.ts"
import { SetNotFound, WorkoutNotFound } from "#domain/workout-errors.ts"
import { COACH_REPLIES_SIZE, RECENT_COMMENTS_SIZE } from "#domain/comments.ts"
import { currentClient, currentCoach, requireAccessToClient } from "../account.ts"
import { coachOf } from "../clients/repository.ts"
import { Database, makeRun } from "../services.ts"
import {
  addComment,
  coachReplies,
  commentPairFor,
  dayComments,
  markRepliesRead,
  recentComments,
  replyToComment
} from "./repository.ts"

/*
 * Comments on workouts and sets (docs/decisions/029). A client comments only on
 * their own; only their coach replies and reads them; another coach finds nothing (404).
 */

export const CommentsLive = HttpApiBuilder.group(ServerApi, "comments", (handlers) =>
  Effect.gen(function* () {
    const run = makeRun(yield* Database)
    return (
      handlers
        .handle("addComment", ({ payload }) =>
          Effect.gen(function* () {
            const client = yield* currentClient(run, "comment on workouts")
            const coachId = yield* run((db) => coachOf(db, client.id))
            if (coachId === undefined)
              return yield* new NoCoach({ error: "target: you have no coach to comment to yet" })
            const outcome = yield* run((db) => addComment(db, { coachId, clientId: client.id }, payload))
            switch (outcome._tag) {
              case "Added":
                return outcome.comment
              case "IdTaken":
                return yield* new CommentIdTaken({
                  error: "id: already used for another comment; a new comment needs a new id"
                })
              case "NoSuchTarget":
                return yield* payload.target.kind === "set"
                  ? new SetNotFound({ error: `target.setId: no set ${payload.target.setId} in your workouts` })
                  : new WorkoutNotFound({
                      error: `target.workoutOrder: no workout ${payload.target.workoutOrder} on ${payload.target.date} in your workouts`
                    })
            }
          })
        )
        .handle("replyToComment", ({ params, payload }) =>
          Effect.gen(function* () {
            const coach = yield* currentCoach(run, "reply to comments")
            const pair = yield* run((db) => commentPairFor(db, coach.id, params.commentId))
            if (pair === undefined) {
              return yield* new NotFound({ error: `commentId: no comment ${params.commentId} from your clients` })
            }
            return yield* run((db) => replyToComment(db, pair, params.commentId, payload.body))
          })
        )
        .handle("dayComments", ({ params, query }) =>
          Effect.gen(function* () {
            yield* requireAccessToClient(run, params.clientId, "comments")
            return yield* run((db) => dayComments(db, params.clientId, query.date))
          })
        )
        .handle("recentComments", ({ query }) =>
          Effect.gen(function* () {
            const coach = yield* currentCoach(run, "read their clients' comments")
            return yield* run((db) => recentComments(db, coach.id, query.limit ?? RECENT_COMMENTS_SIZE))
          })
        )
        // The lifter's replies and read mark (docs/decisions/041): another lifter's comment,
        // or one without a reply, is no mark of theirs to move (404); a coach has none (403).
        .handle("coachReplies", () =>
          Effect.gen(function* () {
            const client = yield* currentClient(run, "read replies to their comments")
            return yield* run((db) => coachReplies(db, client.id, COACH_REPLIES_SIZE))
          })
        )
        .handle("markRepliesRead", ({ payload }) =>
          Effect.gen(function* () {
            const client = yield* currentClient(run, "mark replies to their comments read")
            const outcome = yield* run((db) => markRepliesRead(db, client.id, payload.upTo, COACH_REPLIES_SIZE))
            if (outcome._tag === "NoSuchReply") {
              return yield* new NotFound({ error: `upTo: no reply to a comment ${payload.upTo} of yours` })
            }
            return outcome.replies
          })
        )
    )
  })
)
