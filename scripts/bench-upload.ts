// `npm run bench:upload [-- --mb 50 --mbit 1.6 --rtt 150]`: a lifter's form-check clip sent
// over a slow, dropping phone network (docs/decisions/050-form-check-videos.md). The real
// server starts in-process (PGlite in memory, clips on the local disk in a temp folder, rate
// limits off), a demo lifter signs in with the Auth emulator, and tus-js-client sends a
// synthetic MP4 (a valid ftyp, a moov whose mvhd says 30 s, then filler, so the server's
// first-bytes and duration checks pass) through a proxy that throttles each direction to
// `--mbit` with `--rtt` round trips (scripts/bench-upload-proxy.ts). When about half the
// clip has reached the server the proxy cuts every connection; tus-js-client resumes from
// the offset the server kept. Goal: what the lifter sends again after the drop is under 5 %
// of the clip. Figures, not assertions: nothing here fails on a figure.
import { createHash, randomUUID } from "node:crypto"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { performance } from "node:perf_hooks"
import { parseArgs } from "node:util"
import { Upload, type HttpRequest, type HttpResponse } from "tus-js-client"
import { addDays, todayIso } from "#domain/calendar.ts"
import { VIDEO_UPLOADS_PATH, videoUploadPath, type VideoId } from "#domain/set-videos.ts"
import { startServer } from "#server/main.ts"
import { mp4 } from "#test/domain/video-bytes.ts"
import { runUnderAuthEmulator } from "./bench-stack.ts"
import { startThrottledProxy } from "./bench-upload-proxy.ts"
import { DEMO_PASSWORD, emulatorSignIn, seedDemo } from "./seed.ts"

runUnderAuthEmulator("scripts/bench-upload.ts")

const { values: flags } = parseArgs({
  options: {
    mb: { type: "string", default: "50" },
    mbit: { type: "string", default: "1.6" },
    rtt: { type: "string", default: "150" }
  }
})
const CLIP_BYTES = Math.round(Number(flags.mb) * 1e6)
const BYTES_PER_SECOND = (Number(flags.mbit) * 1e6) / 8
const RTT_MS = Number(flags.rtt)
const CLIP_MS = 30_000
const GOAL_SHARE = 0.05
if (!(CLIP_BYTES > 1000 && BYTES_PER_SECOND > 0 && RTT_MS >= 0))
  throw new Error("--mb, --mbit and --rtt must be positive numbers")

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`
const kb = (bytes: number) => `${(bytes / 1e3).toFixed(1)} kB`
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/** A playable-looking MP4 of CLIP_BYTES: ftyp, moov with a 30 s mvhd, and mdat filling the rest. */
const clip = Buffer.from(mp4(CLIP_MS, CLIP_BYTES - mp4(CLIP_MS, 0).length))
if (clip.length !== CLIP_BYTES) throw new Error(`the clip came out ${clip.length} bytes, not ${CLIP_BYTES}`)

const videoDir = await mkdtemp(join(tmpdir(), "bench-upload-videos-"))
const server = await startServer({
  port: 0,
  hostname: "127.0.0.1",
  databaseUrl: "",
  dataDir: "memory://",
  rateLimits: false,
  videoStorage: { kind: "file", directory: videoDir }
})
const proxy = await startThrottledProxy({
  targetPort: server.port,
  bytesPerSecond: BYTES_PER_SECOND,
  oneWayDelayMs: RTT_MS / 2
})

try {
  // The lifter and a set of theirs: a coach and one client of this bench's own, a week of workouts.
  const lifterEmail = "bench-upload-lifter@demo.test"
  const today = todayIso(new Date())
  await seedDemo({
    baseUrl: server.url,
    daysBack: 7,
    daysAhead: 0,
    users: [
      { email: "bench-upload-coach@demo.test", name: "Bench Coach" },
      { email: lifterEmail, name: "Bench Lifter" }
    ]
  })
  const lifter = await emulatorSignIn(lifterEmail, DEMO_PASSWORD)
  const asLifter = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${lifter.idToken}` } })
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`)
    return (await response.json()) as T
  }
  const [me] = await asLifter<ReadonlyArray<{ id: number }>>(
    `/beta/api/user/check?${new URLSearchParams({ email: lifter.email, firebaseId: lifter.uid })}`
  )
  if (me === undefined) throw new Error("the bench lifter has no account")
  const rows = await asLifter<ReadonlyArray<{ id: number; date?: string }>>(
    `/beta/api/workouts/${me.id}?from=${addDays(today, -7)}&to=${today}`
  )
  const set = rows[0]
  if (set === undefined) throw new Error("the bench lifter has no sets")

  const videoId = randomUUID() as VideoId
  console.log(
    `bench:upload: a ${mb(CLIP_BYTES)} MP4 (${CLIP_MS / 1000} s) over ${flags.mbit} Mbit/s each way, ${RTT_MS} ms round trip; ` +
      `every connection cut once when half the clip has reached the server`
  )

  // The cut: once, when the server has been handed about half the clip.
  let cut: { atMs: number; delivered: number; entered: number; connections: number } | undefined
  let lastTenth = 0
  proxy.onUpDelivered = () => {
    const tenth = Math.floor((proxy.up.delivered / CLIP_BYTES) * 10)
    if (tenth > lastTenth && tenth < 10) {
      lastTenth = tenth
      console.log(`  ${seconds(performance.now() - started)}: ${tenth * 10} % delivered`)
    }
    if (cut !== undefined || proxy.up.delivered < CLIP_BYTES / 2) return
    cut = { atMs: 0, delivered: proxy.up.delivered, entered: proxy.up.entered, connections: 0 }
    cut.connections = proxy.cutAll()
    cut.atMs = performance.now() - started
    console.log(
      `  ${seconds(cut.atMs)}: cut ${cut.connections} connection(s) with ${mb(cut.delivered)} delivered, ${mb(cut.entered)} sent`
    )
  }

  /** Upload-Offset of each HEAD after the first: where the server says the clip goes on. */
  const resumedAt: Array<number> = []
  let heads = 0
  let retries = 0
  const started = performance.now()
  await new Promise<void>((resolve, reject) => {
    const upload = new Upload(clip, {
      endpoint: `${proxy.url}${VIDEO_UPLOADS_PATH}`,
      // As the app does: the address is the clip's own, so a lost creation answer resumes.
      uploadUrl: `${proxy.url}${videoUploadPath(videoId)}`,
      headers: { authorization: `Bearer ${lifter.idToken}` },
      metadata: { videoId, setId: String(set.id), durationMs: String(CLIP_MS), filename: "bench-set.mp4" },
      retryDelays: [0, 1000, 3000, 5000],
      storeFingerprintForResuming: false,
      onAfterResponse: (request: HttpRequest, response: HttpResponse) => {
        if (request.getMethod() !== "HEAD") return
        heads += 1
        const offset = Number(response.getHeader("Upload-Offset"))
        if (response.getStatus() === 200 && Number.isFinite(offset)) resumedAt.push(offset)
      },
      onShouldRetry: (error) => {
        retries += 1
        const status = error.originalResponse?.getStatus() ?? 0
        console.log(`  ${seconds(performance.now() - started)}: retry ${retries} after ${error.message.split("\n")[0]}`)
        return status === 0 || status >= 500 || status === 409 || status === 423
      },
      onSuccess: () => resolve(),
      onError: reject
    })
    upload.start()
  })
  const elapsedMs = performance.now() - started

  // The server's word on the clip, and its bytes against what was sent.
  const videos = await asLifter<
    ReadonlyArray<{ id: string; status: string; sizeBytes: number; durationMs: number; mediaType: string | null }>
  >(`/beta/api/videos/${me.id}?date=${set.date ?? today}`).catch((error: unknown) => {
    console.log(`  (the day's clips could not be read: ${String(error)})`)
    return []
  })
  const video = videos.find((one) => one.id === videoId)
  const stored = createHash("sha256")
  for await (const chunk of await server.videoStorage.read(videoId)) stored.update(chunk as Buffer)
  const sameBytes = stored.digest("hex") === createHash("sha256").update(clip).digest("hex")

  const sentAgain = proxy.up.entered - CLIP_BYTES
  const idealMs = (CLIP_BYTES / BYTES_PER_SECOND) * 1000
  console.log("\n| figure | value |")
  console.log("|---|---|")
  console.log(`| clip | ${mb(CLIP_BYTES)} (${CLIP_BYTES} B) |`)
  console.log(`| link | ${flags.mbit} Mbit/s each way, ${RTT_MS} ms RTT |`)
  console.log(`| carried client to server | ${mb(proxy.up.entered)} sent, ${mb(proxy.up.delivered)} delivered |`)
  console.log(`| carried server to client | ${kb(proxy.down.delivered)} |`)
  if (cut === undefined) console.log("| cut | none (the clip finished before half had arrived?) |")
  else
    console.log(
      `| cut | at ${seconds(cut.atMs)}, ${cut.connections} connection(s), ${mb(cut.delivered)} delivered; resumed from ${resumedAt.map(mb).join(", ") || "?"} |`
    )
  console.log(
    `| sent again (all bytes over one clip, headers included) | ${kb(sentAgain)}, ${((sentAgain / CLIP_BYTES) * 100).toFixed(2)} % of the clip (goal < ${GOAL_SHARE * 100} %) |`
  )
  console.log(`| requests | ${heads} HEAD, ${retries} retries |`)
  console.log(`| time | ${seconds(elapsedMs)} (the clip alone at line rate: ${seconds(idealMs)}) |`)
  console.log(
    `| server | ${video === undefined ? "clip not listed" : `${video.status}, ${mb(video.sizeBytes)}, ${video.durationMs} ms, ${video.mediaType}`}; stored bytes ${sameBytes ? "equal" : "DIFFER FROM"} the clip |`
  )
} finally {
  await proxy.close()
  await server.close()
  await rm(videoDir, { recursive: true, force: true })
}
