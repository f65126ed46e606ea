/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- these tests read the raw JSON answers the way any API client would; the assertions check their shape */
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { openVideoStorage } from "#server/videos/open-storage.ts"
import type { VideoStorage } from "#server/videos/video-storage.ts"
import { mp4 } from "../domain/video-bytes.ts"
import { type Account, useApiUnderTest } from "./support/api-under-test.ts"
import { oneExercise } from "./support/coached-client.ts"
import { databasesUnderTest } from "./support/databases.ts"
import { type OpenedStore, storesUnderTest } from "./support/video-stores.ts"
import { uploadClip } from "./support/video-upload.ts"

/*
 * Every way a clip's set goes takes the clip with it, in the same transaction, and its
 * bytes after the next sweep (server/videos/sweeper.ts): a coach's edit dropping the set,
 * the lifter removing a set they added, a workout removed for good (an import undone), the
 * account deleted. Its size stops counting against the quota at once.
 */

const DATE = "2025-06-02"
const BYTES = mp4(3_000, 2_000)

describe.each(databasesUnderTest)("clips going with their set on $name", (database) => {
  describe.each(storesUnderTest)("in the $name", (store) => {
    let opened: OpenedStore
    let storage: VideoStorage
    /** set to make the store's removals fail, as a store that cannot be reached does */
    let removalsFail = false
    beforeAll(async () => {
      opened = await store.open()
      const real = await openVideoStorage(opened.config)
      storage = {
        ...real,
        remove: async (id) => {
          if (removalsFail) throw new Error("storage unreachable")
          await real.remove(id)
        }
      }
    })
    const api = useApiUnderTest(database, () => ({ videoStorage: storage }))
    afterAll(async () => {
      await storage.close()
      await opened.close()
    })

    let coach: Account
    const url = () => api.server().url
    const db = () => api.server().database.db
    const stored = async (videoId: string) => (await opened.stored()).filter((name) => name.startsWith(videoId))
    const queued = async () =>
      (await db().execute<{ video_id: string }>(sql`select video_id from video_removals`)).rows.map(
        (row) => row.video_id
      )
    const rowOf = async (videoId: string) =>
      (await db().execute<{ id: string }>(sql`select id from set_videos where id = ${videoId}::uuid`)).rows
    const usage = async (lifter: Account) =>
      (await api.call("GET", "/beta/api/videos/usage", { token: lifter.idToken })).body.usedBytes as number

    /** A lifter of the coach with `sets` sets on DATE. */
    const lifterWithSets = async (sets: number) => {
      const client = await api.clientOf(coach, "Cas Cade")
      const saved = await api.saveWorkout(coach, client, DATE, oneExercise("Squat", sets))
      return { client, setIds: (saved.body as Array<{ id: number }>).map((row) => row.id) }
    }

    /** After the clip's row went: queued, bytes still there until a sweep, then gone. */
    const expectSweptAway = async (videoId: string) => {
      expect(await rowOf(videoId)).toEqual([])
      expect(await queued()).toContain(videoId)
      expect(await stored(videoId)).not.toEqual([])
      const report = await api.server().sweepVideos()
      expect(report.failed).toBe(0)
      expect(await stored(videoId)).toEqual([])
      expect(await queued()).not.toContain(videoId)
    }

    beforeAll(async () => {
      coach = await api.signupAs("Coach", "Cy Coach")
    })

    it("goes when a coach's edit drops its set", async () => {
      const { client, setIds } = await lifterWithSets(3)
      const videoId = await uploadClip(url(), client.idToken, {
        setId: setIds[2] ?? 0,
        bytes: BYTES,
        durationMs: 3_000
      })
      expect(await usage(client)).toBe(BYTES.length)
      const kept = setIds
        .slice(0, 2)
        .map((id, set) => ({ id, set, amsap: false, fields: [{ name: "reps", value: 5 }] }))
      const edited = await api.call("PUT", "/beta/api/workout", {
        token: coach.idToken,
        body: {
          clientId: client.id,
          date: DATE,
          workoutOrder: 0,
          workout: [{ name: "Squat", sets: kept }],
          idempotencyKey: `cascade-edit-${Date.now().toString(36)}-${videoId.slice(0, 8)}`
        }
      })
      expect(edited.status).toBe(200)
      expect(await usage(client)).toBe(0)
      await expectSweptAway(videoId)
    })

    it("goes when the lifter removes the set they added", async () => {
      const { client, setIds } = await lifterWithSets(1)
      const added = await api.call("POST", "/beta/api/loggedSet", {
        token: client.idToken,
        body: { afterSetId: setIds[0], idempotencyKey: `cascade-add-${Date.now().toString(36)}-0001` }
      })
      expect(added.status).toBe(200)
      const videoId = await uploadClip(url(), client.idToken, { setId: added.body.id, bytes: BYTES, durationMs: 3_000 })
      const removed = await api.call("DELETE", `/beta/api/loggedSet/${added.body.id}`, { token: client.idToken })
      expect(removed.status).toBe(200)
      expect(await usage(client)).toBe(0)
      await expectSweptAway(videoId)
    })

    it("goes when its workout is removed for good (an import undone)", async () => {
      const { client } = await lifterWithSets(1)
      const imported = await api.call("POST", "/beta/api/imports/chunk", {
        token: client.idToken,
        body: {
          import_key: `cascade-import-${Date.now().toString(36)}`,
          source: "strong",
          file_name: "log.csv",
          sessions: [
            {
              key: "strong:2025-06-09",
              date: "2025-06-09",
              exercises: [{ name: "Back Squat", sets: [{ weight: 100, unit: "kg", reps: 5, rpe: null }] }]
            }
          ]
        }
      })
      expect(imported.status).toBe(200)
      const rows = await api.call("GET", `/beta/api/workouts/${client.id}?from=2025-06-09&to=2025-06-09`, {
        token: client.idToken
      })
      const setId = rows.body[0].id as number
      const videoId = await uploadClip(url(), client.idToken, { setId, bytes: BYTES, durationMs: 3_000 })
      const undone = await api.call("POST", "/beta/api/imports/undo", {
        token: client.idToken,
        body: { import_id: imported.body.import_id }
      })
      expect(undone.status).toBe(200)
      expect(await usage(client)).toBe(0)
      await expectSweptAway(videoId)
    })

    it("goes with its lifter's account", async () => {
      const { client, setIds } = await lifterWithSets(1)
      const videoId = await uploadClip(url(), client.idToken, {
        setId: setIds[0] ?? 0,
        bytes: BYTES,
        durationMs: 3_000
      })
      await db().execute(sql`delete from users where id = ${client.id}`)
      await expectSweptAway(videoId)
    })

    it("keeps a removal the store refused queued, and makes it on a later sweep", async () => {
      const { client, setIds } = await lifterWithSets(1)
      const videoId = await uploadClip(url(), client.idToken, {
        setId: setIds[0] ?? 0,
        bytes: BYTES,
        durationMs: 3_000
      })
      removalsFail = true
      try {
        expect((await api.call("DELETE", `/beta/api/videos/${videoId}`, { token: client.idToken })).status).toBe(204)
        expect((await api.server().sweepVideos()).failed).toBeGreaterThan(0)
        expect(await queued()).toContain(videoId)
        expect(await stored(videoId)).not.toEqual([])
      } finally {
        removalsFail = false
      }
      await expectSweptAway(videoId)
    })

    it("gives up an upload left unfinished for a day", async () => {
      const { client, setIds } = await lifterWithSets(1)
      const videoId = await uploadClip(url(), client.idToken, {
        setId: setIds[0] ?? 0,
        bytes: BYTES,
        durationMs: 3_000
      })
      await db().execute(
        sql`update set_videos set status = 'uploading', created_at = now() - interval '25 hours' where id = ${videoId}::uuid`
      )
      await api.server().sweepVideos()
      expect(await rowOf(videoId)).toEqual([])
      expect(await stored(videoId)).toEqual([])
    })
  })
})
