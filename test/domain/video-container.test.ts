import { describe, expect, it } from "vitest"
import { containerDurationMs, sniffVideo } from "#domain/video-container.ts"
import { box, concat, ebmlHeader, ftyp, HTML, mdat, mp4, mvhd, PNG, readerOf, webm } from "./video-bytes.ts"

const duration = (bytes: Uint8Array) => containerDurationMs(readerOf(bytes), bytes.length)

describe("sniffVideo", () => {
  it("knows an MP4 by its ftyp box and brand", () => {
    expect(sniffVideo(mp4(1000).subarray(0, 64))).toBe("video/mp4")
    expect(sniffVideo(ftyp("mp42", "isom"))).toBe("video/mp4")
  })

  it("takes an unknown major brand for MP4 when a compatible brand says so", () => {
    expect(sniffVideo(ftyp("xyz1", "isom", "avc1"))).toBe("video/mp4")
    expect(sniffVideo(ftyp("xyz1", "xyz2"))).toBeNull()
  })

  it("knows QuickTime by the qt brand, and an old movie by its first box", () => {
    expect(sniffVideo(ftyp("qt  ", "qt  "))).toBe("video/quicktime")
    expect(sniffVideo(box("moov", mvhd(600, 1200)))).toBe("video/quicktime")
    expect(sniffVideo(concat(box("wide", new Uint8Array()), mdat(100)))).toBe("video/quicktime")
  })

  it("knows WebM by its EBML DocType, and refuses other Matroska", () => {
    expect(sniffVideo(webm(1000).subarray(0, 64))).toBe("video/webm")
    expect(sniffVideo(webm(1000, "matroska").subarray(0, 64))).toBeNull()
    expect(sniffVideo(ebmlHeader("webm"))).toBe("video/webm")
  })

  it("refuses 3GPP, audio-only MP4, a PNG, an HTML page and text, whatever they are named", () => {
    expect(sniffVideo(ftyp("3gp4", "3gp4", "isom"))).toBeNull()
    expect(sniffVideo(ftyp("M4A ", "isom", "mp42"))).toBeNull()
    expect(sniffVideo(PNG.subarray(0, 64))).toBeNull()
    expect(sniffVideo(HTML.subarray(0, 64))).toBeNull()
    expect(sniffVideo(new TextEncoder().encode("just some words in a file named clip.mp4"))).toBeNull()
    expect(sniffVideo(new Uint8Array(3))).toBeNull()
  })
})

describe("containerDurationMs", () => {
  it("reads mvhd inside moov at the start", async () => {
    expect(await duration(mp4(12_345))).toBe(12_345)
  })

  it("reads moov at the end of the file, after a large mdat", async () => {
    expect(await duration(mp4(61_000, 100_000, { moovLast: true }))).toBe(61_000)
  })

  it("reads a version 1 mvhd and boxes with 64-bit sizes", async () => {
    const bytes = concat(
      ftyp("isom", "isom"),
      box("mdat", new Uint8Array(5000), { large: true }),
      box("moov", mvhd(90_000, 90_000 * 95, 1), { large: true })
    )
    expect(await duration(bytes)).toBe(95_000)
  })

  it("reads a last box whose size is 0 (to the end of the file)", async () => {
    const moov = box("moov", mvhd(1000, 4_200))
    const open = concat(moov.subarray(0, 0), new Uint8Array([0, 0, 0, 0]), moov.subarray(4))
    expect(await duration(concat(ftyp("isom"), mdat(10), open))).toBe(4_200)
  })

  it("reads a WebM's Duration in its TimecodeScale, and says null when it has none", async () => {
    expect(await duration(webm(30_500))).toBe(30_500)
    expect(await duration(webm(null))).toBeNull()
  })

  it("says null for a file without moov, a broken box, a PNG named .mp4 and an HTML file", async () => {
    expect(await duration(concat(ftyp("isom"), mdat(50)))).toBeNull()
    expect(await duration(concat(ftyp("isom"), new Uint8Array([0, 0, 0, 3, 0x6d, 0x6f, 0x6f, 0x76])))).toBeNull()
    expect(await duration(PNG)).toBeNull()
    expect(await duration(HTML)).toBeNull()
  })
})
