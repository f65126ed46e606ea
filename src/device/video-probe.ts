import { containerDurationMs } from "#domain/video-container.ts"

/*
 * Reading a chosen clip on the device (docs/decisions/050-form-check-videos.md): a detached
 * <video> over an object URL says its length and gives a poster frame (drawn on a canvas as
 * a JPEG). A clip the browser cannot decode (HEVC in Chromium, which then reports no
 * picture or an error) still uploads: its length is read from the container instead, and
 * it has no poster.
 */

export interface VideoProbe {
  readonly durationMs: number | null
  readonly poster: Blob | null
  readonly playable: boolean
}

/** How long the browser gets to say anything about a clip before the container is asked instead. */
export const PROBE_TIMEOUT_MS = 10_000
/** The poster's frame: half a second in, or the middle of a shorter clip. */
const POSTER_AT_S = 0.5
/** The poster's longer side, in pixels: enough for a list, small enough to keep on the device. */
const POSTER_MAX_SIDE = 480

const readBytes = (file: Blob) => async (start: number, end: number) =>
  new Uint8Array(await file.slice(start, end).arrayBuffer())

/** The container's word on the clip's length; null when it says nothing or cannot be read. */
export const fileDurationMs = (file: Blob): Promise<number | null> =>
  containerDurationMs(readBytes(file), file.size).catch(() => null)

/** Resolves on the first of `events` on `video`, rejects on its `error` or when `ms` pass. */
const next = (video: HTMLVideoElement, events: ReadonlyArray<string>, ms: number): Promise<Event> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(() => reject(new Error("the video did not answer in time"))), ms)
    const onEvent = (event: Event) => finish(() => resolve(event))
    const onError = () => finish(() => reject(new Error(video.error?.message ?? "the video could not be read")))
    const finish = (then: () => void) => {
      clearTimeout(timer)
      events.forEach((type) => video.removeEventListener(type, onEvent))
      video.removeEventListener("error", onError)
      then()
    }
    events.forEach((type) => video.addEventListener(type, onEvent))
    video.addEventListener("error", onError)
  })

/**
 * The element's duration in seconds. MediaRecorder's WebM says none (Infinity) until the
 * element has looked at its end: seeking far past it makes the browser find it.
 */
async function elementDuration(video: HTMLVideoElement, timeoutMs: number): Promise<number | null> {
  if (Number.isFinite(video.duration) && video.duration > 0) return video.duration
  const ended = next(video, ["durationchange", "seeked"], timeoutMs)
  video.currentTime = Number.MAX_SAFE_INTEGER
  await ended
  const found = video.duration
  video.currentTime = 0
  await next(video, ["seeked"], timeoutMs).catch(() => undefined)
  return Number.isFinite(found) && found > 0 ? found : null
}

async function posterOf(video: HTMLVideoElement, durationS: number, timeoutMs: number): Promise<Blob | null> {
  const at = Math.min(POSTER_AT_S, durationS / 2)
  if (Math.abs(video.currentTime - at) > 0.001) {
    const seeked = next(video, ["seeked"], timeoutMs)
    video.currentTime = at
    await seeked
  }
  const scale = Math.min(1, POSTER_MAX_SIDE / Math.max(video.videoWidth, video.videoHeight))
  const canvas = document.createElement("canvas")
  canvas.width = Math.max(1, Math.round(video.videoWidth * scale))
  canvas.height = Math.max(1, Math.round(video.videoHeight * scale))
  const context = canvas.getContext("2d")
  if (context === null) return null
  context.drawImage(video, 0, 0, canvas.width, canvas.height)
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.8))
}

/** What the browser can read of the clip; null when it cannot decode its picture. */
async function readInBrowser(
  file: Blob,
  timeoutMs: number
): Promise<{ durationMs: number | null; poster: Blob | null } | null> {
  const video = document.createElement("video")
  const url = URL.createObjectURL(file)
  try {
    video.muted = true
    video.playsInline = true
    video.preload = "auto"
    const loaded = next(video, ["loadeddata"], timeoutMs)
    video.src = url
    await loaded
    // Chromium opens an HEVC MP4 for its sound alone: no picture means it cannot decode the clip.
    if (video.videoWidth === 0 || video.videoHeight === 0) return null
    const durationS = await elementDuration(video, timeoutMs)
    const poster = durationS === null ? null : await posterOf(video, durationS, timeoutMs).catch(() => null)
    return { durationMs: durationS === null ? null : Math.round(durationS * 1000), poster }
  } catch {
    return null
  } finally {
    video.removeAttribute("src")
    video.load()
    URL.revokeObjectURL(url)
  }
}

/** The clip's length, a poster frame, and whether this browser plays it. */
export async function probeVideo(file: Blob, timeoutMs: number = PROBE_TIMEOUT_MS): Promise<VideoProbe> {
  const read = await readInBrowser(file, timeoutMs)
  if (read !== null && read.durationMs !== null) return { ...read, playable: true }
  const durationMs = await fileDurationMs(file)
  return { durationMs, poster: read?.poster ?? null, playable: read !== null }
}
