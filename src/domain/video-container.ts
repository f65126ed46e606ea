import type { VideoMediaType } from "./set-videos.ts"

/*
 * What a clip is, from its bytes (docs/decisions/050-form-check-videos.md): the server
 * decides the container from the first bytes, never the file's name or the browser's
 * word, and reads the duration from the container where it says. Pure: the server and
 * the browser both call it, each with its own way of reading bytes.
 */

/** How many first bytes `sniffVideo` wants: enough for an ftyp box with a few brands, or WebM's EBML header. */
export const SNIFF_BYTES = 64

const ascii = (bytes: Uint8Array, start: number, length: number): string =>
  start + length > bytes.length ? "" : String.fromCharCode(...bytes.subarray(start, start + length))

const u32 = (bytes: Uint8Array, at: number): number =>
  ((bytes[at] ?? 0) * 2 ** 24 + ((bytes[at + 1] ?? 0) << 16) + ((bytes[at + 2] ?? 0) << 8) + (bytes[at + 3] ?? 0)) >>> 0

const u64 = (bytes: Uint8Array, at: number): number => u32(bytes, at) * 2 ** 32 + u32(bytes, at + 4)

/** ISO base media brands that mean an MP4 video; 3GPP (`3gp*`, `3g2*`) and audio-only brands are refused. */
const MP4_BRANDS = new Set([
  "isom",
  "iso2",
  "iso3",
  "iso4",
  "iso5",
  "iso6",
  "iso7",
  "iso8",
  "iso9",
  "mp41",
  "mp42",
  "mp71",
  "avc1",
  "hvc1",
  "dash",
  "M4V ",
  "M4VH",
  "M4VP",
  "mmp4",
  "MSNV",
  "NDAS",
  "NDSC",
  "NDSH",
  "NDSM",
  "NDSP",
  "NDSS",
  "NDXC",
  "NDXH",
  "NDXM",
  "NDXP",
  "NDXS",
  "f4v "
])
const AUDIO_BRANDS = new Set(["M4A ", "M4B ", "M4P "])
const QUICKTIME_BRAND = "qt  "
/** The boxes a QuickTime file older than `ftyp` may start with. */
const OLD_QUICKTIME_BOXES = new Set(["moov", "mdat", "wide", "free", "skip", "pnot"])

function sniffIsoBmff(bytes: Uint8Array): VideoMediaType | null {
  const type = ascii(bytes, 4, 4)
  const size = u32(bytes, 0)
  if (type !== "ftyp") {
    // Old QuickTime: a plausible box size (0 = to the end, 1 = 64-bit, else at least its header).
    return OLD_QUICKTIME_BOXES.has(type) && (size === 0 || size === 1 || size >= 8) ? "video/quicktime" : null
  }
  if (size < 16) return null
  const major = ascii(bytes, 8, 4)
  if (major === QUICKTIME_BRAND) return "video/quicktime"
  if (major.startsWith("3g") || AUDIO_BRANDS.has(major)) return null
  if (MP4_BRANDS.has(major)) return "video/mp4"
  // An unknown major brand: its compatible brands decide.
  const compatible: Array<string> = []
  for (let at = 16; at + 4 <= Math.min(size, bytes.length); at += 4) compatible.push(ascii(bytes, at, 4))
  if (compatible.some((brand) => MP4_BRANDS.has(brand))) return "video/mp4"
  if (compatible.includes(QUICKTIME_BRAND)) return "video/quicktime"
  return null
}

/** An EBML variable-length number at `at`: its length and value (marker bit removed for sizes). */
interface Vint {
  readonly length: number
  readonly value: number
  /** a size of all ones: unknown (a live stream's Segment) */
  readonly unknown: boolean
}

function readVint(bytes: Uint8Array, at: number, keepMarker: boolean): Vint | null {
  const first = bytes[at]
  if (first === undefined || first === 0) return null
  let length = 1
  while ((first & (0x80 >> (length - 1))) === 0) length += 1
  if (at + length > bytes.length) return null
  let value = keepMarker ? first : first & (0xff >> length)
  let allOnes = value === 0xff >> length
  for (let index = 1; index < length; index += 1) {
    const byte = bytes[at + index] ?? 0
    value = value * 256 + byte
    allOnes &&= byte === 0xff
  }
  return { length, value, unknown: !keepMarker && allOnes }
}

const EBML_MAGIC = 0x1a45dfa3
const EBML_DOCTYPE = 0x4282

function sniffWebm(bytes: Uint8Array): VideoMediaType | null {
  const header = readVint(bytes, 4, false)
  if (header === null) return null
  const end = Math.min(bytes.length, 4 + header.length + header.value)
  let at = 4 + header.length
  while (at < end) {
    const id = readVint(bytes, at, true)
    if (id === null) return null
    const size = readVint(bytes, at + id.length, false)
    if (size === null) return null
    const body = at + id.length + size.length
    if (id.value === EBML_DOCTYPE) return ascii(bytes, body, size.value) === "webm" ? "video/webm" : null
    at = body + size.value
  }
  return null
}

/** The clip's container from its first bytes (`SNIFF_BYTES` are enough); null for anything else. */
export function sniffVideo(firstBytes: Uint8Array): VideoMediaType | null {
  if (firstBytes.length < 8) return null
  if (u32(firstBytes, 0) === EBML_MAGIC) return sniffWebm(firstBytes)
  return sniffIsoBmff(firstBytes)
}

/** Reads bytes `start` (inclusive) to `end` (exclusive) of the clip; may answer fewer at its end. */
export type ReadBytes = (start: number, end: number) => Promise<Uint8Array>

/** Boxes or elements looked at before giving up: a real file has a handful at the top. */
const MAX_STEPS = 10_000

interface Box {
  readonly type: string
  readonly start: number
  readonly body: number
  readonly end: number
}

async function boxAt(read: ReadBytes, at: number, limit: number): Promise<Box | null> {
  if (at + 8 > limit) return null
  const head = await read(at, Math.min(limit, at + 16))
  if (head.length < 8) return null
  const size32 = u32(head, 0)
  const type = ascii(head, 4, 4)
  if (size32 === 1) {
    if (head.length < 16) return null
    const size = u64(head, 8)
    return size < 16 ? null : { type, start: at, body: at + 16, end: Math.min(limit, at + size) }
  }
  if (size32 === 0) return { type, start: at, body: at + 8, end: limit }
  return size32 < 8 ? null : { type, start: at, body: at + 8, end: Math.min(limit, at + size32) }
}

async function* boxesIn(read: ReadBytes, start: number, end: number): AsyncGenerator<Box> {
  let at = start
  for (let step = 0; step < MAX_STEPS && at < end; step += 1) {
    const box = await boxAt(read, at, end)
    if (box === null) return
    yield box
    at = box.end
  }
}

async function mvhdDuration(read: ReadBytes, box: Box): Promise<number | null> {
  const body = await read(box.body, Math.min(box.end, box.body + 32))
  const version = body[0]
  if (version === 0 && body.length >= 20) {
    const timescale = u32(body, 12)
    const duration = u32(body, 16)
    return timescale === 0 || duration === 0xffffffff ? null : (duration / timescale) * 1000
  }
  if (version === 1 && body.length >= 32) {
    const timescale = u32(body, 20)
    const duration = u64(body, 24)
    return timescale === 0 || duration >= 2 ** 53 ? null : (duration / timescale) * 1000
  }
  return null
}

async function isoDuration(read: ReadBytes, size: number): Promise<number | null> {
  for await (const top of boxesIn(read, 0, size)) {
    if (top.type !== "moov") continue
    for await (const child of boxesIn(read, top.body, top.end)) {
      if (child.type === "mvhd") return mvhdDuration(read, child)
    }
    return null
  }
  return null
}

const SEGMENT = 0x18538067
const INFO = 0x1549a966
const CLUSTER = 0x1f43b675
const TIMECODE_SCALE = 0x2ad7b1
const DURATION = 0x4489

interface Element {
  readonly id: number
  readonly body: number
  readonly end: number
}

async function elementAt(read: ReadBytes, at: number, limit: number): Promise<Element | null> {
  const head = await read(at, Math.min(limit, at + 12))
  const id = readVint(head, 0, true)
  if (id === null) return null
  const size = readVint(head, id.length, false)
  if (size === null) return null
  const body = at + id.length + size.length
  return { id: id.value, body, end: size.unknown ? limit : Math.min(limit, body + size.value) }
}

const unsigned = (bytes: Uint8Array): number => bytes.reduce((value, byte) => value * 256 + byte, 0)

function float(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (bytes.length === 4) return view.getFloat32(0)
  if (bytes.length === 8) return view.getFloat64(0)
  return null
}

async function webmDuration(read: ReadBytes, size: number): Promise<number | null> {
  const header = await elementAt(read, 0, size)
  if (header === null) return null
  const segment = await elementAt(read, header.end, size)
  if (segment === null || segment.id !== SEGMENT) return null
  let at = segment.body
  for (let step = 0; step < MAX_STEPS && at < segment.end; step += 1) {
    const element = await elementAt(read, at, segment.end)
    if (element === null || element.id === CLUSTER) return null
    if (element.id === INFO) {
      let scale = 1_000_000
      let ticks: number | null = null
      let inner = element.body
      while (inner < element.end) {
        const child = await elementAt(read, inner, element.end)
        if (child === null) break
        if (child.id === TIMECODE_SCALE) scale = unsigned(await read(child.body, child.end))
        if (child.id === DURATION) ticks = float(await read(child.body, child.end))
        inner = child.end
      }
      return ticks === null || !Number.isFinite(ticks) || ticks < 0 ? null : (ticks * scale) / 1_000_000
    }
    at = element.end
  }
  return null
}

/**
 * The clip's length in milliseconds as its container says: an MP4 or QuickTime movie
 * header (`moov` > `mvhd`, wherever `moov` is), or a WebM Segment Info's Duration. Null
 * when the container does not say (MediaRecorder's WebM often writes none) or is no video.
 */
export async function containerDurationMs(read: ReadBytes, size: number): Promise<number | null> {
  if (size < 8) return null
  const first = await read(0, Math.min(size, SNIFF_BYTES))
  const kind = sniffVideo(first)
  if (kind === null) return null
  const ms = kind === "video/webm" ? await webmDuration(read, size) : await isoDuration(read, size)
  return ms === null ? null : Math.round(ms)
}
