import { readFile } from "node:fs/promises"
import type { Page } from "@playwright/test"
import { isoToRouteDate, todayIso, type IsoDate } from "#domain/calendar.ts"
import { api, coachAndClient, type CoachedClient, type SavedRow } from "./api.ts"
import { prescribed } from "./logging.ts"

/*
 * What the form-check specs share (docs/decisions/050-form-check-videos.md): a coach and a
 * kg lifter with today's squat, the fixture clips, the tus requests the lifter's page makes
 * and the percents its status line shows, and the clips the server holds.
 */

export const FORM_CHECK_MP4 = "test/fixtures/videos/form-check.mp4"
export const HEVC_MOV = "test/fixtures/videos/hevc.mov"
/** The fixture clip's size and length, as ffprobe reads them. */
export const FORM_CHECK_BYTES = 184_065
export const FORM_CHECK_MS = 4_000

export const EXERCISE = "Back Squat"

/** A coach and their lifter, who logs in kg, with today's back squat of three sets saved by the coach. */
export async function formCheckScene(origin: string) {
  const people = await coachAndClient(origin)
  await api(origin, people.clientIds.token, "PUT", `/api/preferences/${people.clientIds.id}`, {
    unit: "kg",
    bar: null,
    smallest_plate: null
  })
  const today = todayIso(new Date())
  const rows = (await api(origin, people.coachIds.token, "POST", "/api/workout", {
    clientId: people.clientIds.id,
    date: today,
    workout: [{ name: EXERCISE, sets: [0, 1, 2].map((set) => ({ set, ...prescribed(5, 100) })) }]
  })) as ReadonlyArray<SavedRow>
  const setTwo = rows.find((row) => row.exercise === EXERCISE && row.set === 1)
  if (setTwo === undefined) throw new Error(`no set 2 in ${JSON.stringify(rows)}`)
  return { ...people, today, day: isoToRouteDate(today), setTwoId: setTwo.id }
}

/**
 * The fixture mp4 made `extraBytes` larger by a top-level `free` box after its last box:
 * players skip it, so the clip still plays and still lasts 4 s, and its upload takes long
 * enough on a throttled network to be cut halfway.
 */
export async function paddedClip(extraBytes: number): Promise<Buffer> {
  const clip = await readFile(FORM_CHECK_MP4)
  const header = Buffer.alloc(8)
  header.writeUInt32BE(extraBytes + 8, 0)
  header.write("free", 4, "ascii")
  return Buffer.concat([clip, header, Buffer.alloc(extraBytes)])
}

/** A clip as a set's "Add video" takes it from `setInputFiles`. */
export const clipFile = (name: string, mimeType: string, buffer: Buffer) => ({ name, mimeType, buffer })

export interface TusRequest {
  readonly method: string
  readonly url: string
  /** the request's Upload-Offset header (PATCH) */
  readonly offset: number | null
  /** the answer's status, or null when the request failed (the network went) */
  status: number | null
  /** the answer's Upload-Offset (HEAD, PATCH) */
  answeredOffset: number | null
  failed: boolean
}

const numberOrNull = (value: string | undefined): number | null => (value === undefined ? null : Number(value))

/** Every request the page makes to the tus endpoint, in order, with what it carried and what it was answered. */
export function recordTus(page: Page): ReadonlyArray<TusRequest> {
  const log: Array<TusRequest> = []
  const byRequest = new Map<object, TusRequest>()
  page.on("request", (request) => {
    if (!request.url().includes("/beta/api/videos/uploads")) return
    const headers = request.headers()
    const entry: TusRequest = {
      method: request.method(),
      url: request.url(),
      offset: numberOrNull(headers["upload-offset"]),
      status: null,
      answeredOffset: null,
      failed: false
    }
    log.push(entry)
    byRequest.set(request, entry)
  })
  page.on("response", (response) => {
    const entry = byRequest.get(response.request())
    if (entry === undefined) return
    entry.status = response.status()
    entry.answeredOffset = numberOrNull(response.headers()["upload-offset"])
  })
  page.on("requestfailed", (request) => {
    const entry = byRequest.get(request)
    if (entry !== undefined) entry.failed = true
  })
  return log
}

/**
 * Every percent the page's form-check progress bar shows, in order, from now on (read with
 * `percentsShown`): a resumed upload must never say it starts again from nothing.
 */
export const watchPercents = (page: Page): Promise<void> =>
  page.evaluate(() => {
    const shown: Array<number> = []
    Object.defineProperty(window, "__formCheckPercents", { value: shown })
    const record = () => {
      const bar = document.querySelector('[role="progressbar"][aria-label^="Uploading form check"]')
      const value = bar === null ? null : Number(bar.getAttribute("aria-valuenow"))
      if (value !== null && shown.at(-1) !== value) shown.push(value)
    }
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["aria-valuenow"]
    })
    record()
  })

export const percentsShown = (page: Page): Promise<ReadonlyArray<number>> =>
  page.evaluate(() => [...((window as unknown as { __formCheckPercents?: Array<number> }).__formCheckPercents ?? [])])

export interface StoredVideo {
  readonly id: string
  readonly setId: number
  readonly exercise: string
  readonly setIndex: number
  readonly mediaType: string | null
  readonly sizeBytes: number
  readonly durationMs: number
  readonly status: "uploading" | "ready"
  readonly comments: ReadonlyArray<{ readonly atMs: number; readonly body: string }>
}

/** The clips the server holds on the lifter's day, read as the lifter. */
export const storedVideos = async (origin: string, people: CoachedClient, date: IsoDate) =>
  (await api(
    origin,
    people.clientIds.token,
    "GET",
    `/api/videos/${people.clientIds.id}?date=${date}`
  )) as ReadonlyArray<StoredVideo>
