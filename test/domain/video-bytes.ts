/*
 * Byte fixtures of the containers a clip may be in, built here rather than kept as files:
 * the fields each test depends on are visible where they are set (ISO/IEC 14496-12 boxes,
 * EBML elements as Matroska lays them out).
 */

const text = (value: string) => Uint8Array.from(value, (char) => char.charCodeAt(0))

export const concat = (...parts: ReadonlyArray<Uint8Array>): Uint8Array => {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

const u32 = (value: number) => {
  const bytes = new Uint8Array(4)
  new DataView(bytes.buffer).setUint32(0, value)
  return bytes
}

const u64 = (value: number) => concat(u32(Math.floor(value / 2 ** 32)), u32(value % 2 ** 32))

/** An ISO-BMFF box; `large` writes its size in 64 bits (size field 1). */
export const box = (type: string, body: Uint8Array, options: { large?: boolean } = {}): Uint8Array =>
  options.large === true
    ? concat(u32(1), text(type), u64(16 + body.length), body)
    : concat(u32(8 + body.length), text(type), body)

export const ftyp = (major: string, ...compatible: ReadonlyArray<string>) =>
  box("ftyp", concat(text(major), u32(0), ...compatible.map(text)))

/** A movie header: version 0 (32-bit times) or 1 (64-bit). */
export const mvhd = (timescale: number, duration: number, version: 0 | 1 = 0) =>
  box(
    "mvhd",
    version === 0
      ? concat(new Uint8Array([0, 0, 0, 0]), u32(0), u32(0), u32(timescale), u32(duration), new Uint8Array(80))
      : concat(new Uint8Array([1, 0, 0, 0]), u64(0), u64(0), u32(timescale), u64(duration), new Uint8Array(80))
  )

export const mdat = (length: number) => box("mdat", new Uint8Array(length).fill(0x42))

/** A small MP4 of `durationMs`: ftyp, moov (mvhd at 1000 ticks a second), then `payload` bytes of mdat. */
export const mp4 = (durationMs: number, payload = 1024, options: { moovLast?: boolean } = {}) => {
  const moov = box("moov", mvhd(1000, durationMs))
  return options.moovLast === true
    ? concat(ftyp("isom", "isom", "mp42"), mdat(payload), moov)
    : concat(ftyp("isom", "isom", "mp42"), moov, mdat(payload))
}

// EBML: an element is its id (marker kept), a size (here always 8 bytes long), then its body.
const ebmlSize = (length: number) => concat(new Uint8Array([0x01]), new Uint8Array(7 - 4), u32(length))
export const element = (id: ReadonlyArray<number>, body: Uint8Array) =>
  concat(new Uint8Array(id), ebmlSize(body.length), body)

const f64 = (value: number) => {
  const bytes = new Uint8Array(8)
  new DataView(bytes.buffer).setFloat64(0, value)
  return bytes
}

export const ebmlHeader = (docType: string) =>
  element(
    [0x1a, 0x45, 0xdf, 0xa3],
    concat(element([0x42, 0x86], new Uint8Array([1])), element([0x42, 0x82], text(docType)))
  )

/** A WebM: header, then a Segment with Info (TimecodeScale 1 ms, Duration when given) and one Cluster. */
export const webm = (durationMs: number | null, docType = "webm") => {
  const info = element(
    [0x15, 0x49, 0xa9, 0x66],
    concat(
      element([0x2a, 0xd7, 0xb1], new Uint8Array([0x0f, 0x42, 0x40])),
      durationMs === null ? new Uint8Array() : element([0x44, 0x89], f64(durationMs))
    )
  )
  const cluster = element([0x1f, 0x43, 0xb6, 0x75], new Uint8Array(256).fill(7))
  return concat(ebmlHeader(docType), element([0x18, 0x53, 0x80, 0x67], concat(info, cluster)))
}

export const PNG = concat(
  new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  box("IHDR", new Uint8Array(13)),
  new Uint8Array(200)
)

export const HTML = text(
  `<!doctype html><html><head><title>not a clip</title></head><body>${"x".repeat(200)}</body></html>`
)

/** Reads a fixture as the server reads storage: bytes start..end (exclusive). */
export const readerOf = (bytes: Uint8Array) => (start: number, end: number) =>
  Promise.resolve(bytes.slice(start, Math.min(end, bytes.length)))
