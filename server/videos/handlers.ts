import * as Effect from "effect/Effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { BadRequest, Forbidden, NotFound } from "#domain/api-errors.ts"
import { VideoNotFound } from "#domain/video-errors.ts"
import { ServerApi } from "../api.ts"
import { currentAccount, currentClient, currentCoach } from "../account.ts"
import { isCoachOf } from "../clients/repository.ts"
import { log } from "../log.ts"
import { Database, makeRun } from "../services.ts"
import { commentVideo, dayVideos, recentVideos, removeVideo, usedBytes, visibleVideo } from "./repository.ts"
import { Videos } from "./settings.ts"
import { signLink } from "./signed-links.ts"
import { dequeueRemoval } from "./upload-repository.ts"

/*
 * The form-check calls (src/domain/videos-api.ts, docs/decisions/050-form-check-videos.md).
 * A lifter sees and removes their own clips; their coach now (an archived client's too, as
 * with comments) sees the ready ones and comments on them. Anyone else finds nothing.
 */

/** How many clips the coach's dashboard panel shows. */
export const RECENT_VIDEOS_SIZE = 20

const noSuchVideo = (videoId: string) => new VideoNotFound({ error: `videoId: no clip ${videoId} that you can see` })

export const VideosLive = HttpApiBuilder.group(ServerApi, "videos", (handlers) =>
  Effect.gen(function* () {
    const run = makeRun(yield* Database)
    const videos = yield* Videos
    return handlers
      .handle("dayVideos", ({ params, query }) =>
        Effect.gen(function* () {
          const account = yield* currentAccount(run)
          if (account.user_type === "Client") {
            if (account.id !== params.clientId)
              return yield* new Forbidden({ error: "You can only see your own clips" })
            return yield* run((db) => dayVideos(db, params.clientId, query.date, false))
          }
          const linked = yield* run((db) => isCoachOf(db, account.id, params.clientId))
          if (!linked)
            return yield* new NotFound({ error: `clientId: no client ${params.clientId} on your client list` })
          return yield* run((db) => dayVideos(db, params.clientId, query.date, true))
        })
      )
      .handle("recentVideos", () =>
        Effect.gen(function* () {
          const coach = yield* currentCoach(run, "see their clients' clips")
          return yield* run((db) => recentVideos(db, coach.id, RECENT_VIDEOS_SIZE))
        })
      )
      .handle("videoUsage", () =>
        Effect.gen(function* () {
          const client = yield* currentClient(run, "have clips")
          const used = yield* run((db) => usedBytes(db, client.id))
          return { usedBytes: used, quotaBytes: videos.quotaBytes }
        })
      )
      .handle("videoLink", ({ params }) =>
        Effect.gen(function* () {
          const account = yield* currentAccount(run)
          const clip = yield* run((db) => visibleVideo(db, account, params.videoId))
          // Only a ready clip plays: an upload still going has nothing to serve yet.
          if (clip?.status !== "ready") return yield* noSuchVideo(params.videoId)
          return signLink(videos.linkSecret, clip.id, Date.now())
        })
      )
      .handle("removeVideo", ({ params }) =>
        Effect.gen(function* () {
          const client = yield* currentClient(run, "remove clips")
          const removed = yield* run((db) => removeVideo(db, client.id, params.videoId))
          if (!removed) return yield* noSuchVideo(params.videoId)
          // The bytes go now when storage answers; else the queued removal is the sweeper's.
          yield* run(async (db) => {
            try {
              await videos.storage.remove(params.videoId)
              await dequeueRemoval(db, params.videoId)
            } catch (error) {
              log.warn({ err: error, videoId: params.videoId }, "clip removal left to the sweeper")
            }
          })
        })
      )
      .handle("commentVideo", ({ params, payload }) =>
        Effect.gen(function* () {
          const coach = yield* currentCoach(run, "comment on clips")
          const outcome = yield* run((db) => commentVideo(db, coach.id, params.videoId, payload))
          switch (outcome._tag) {
            case "Commented":
              return outcome.comment
            case "NoSuchVideo":
              return yield* noSuchVideo(params.videoId)
            case "IdTaken":
              return yield* new BadRequest({
                error: "id: already used for another comment; a new comment needs a new id"
              })
          }
        })
      )
  })
)
