/**
 * Draws the app's home-screen icons (public/icons/*.png) from the favicon's barbell mark in
 * index.html: a blue rounded square, two plates a side and the bar, in white. PNG is
 * written with node:zlib alone, so no image tool is installed for five small files.
 *
 *   npx tsx scripts/make-icons.ts
 *
 * - `icon-<size>.png`: the favicon as it is (rounded corners, transparent outside);
 * - `maskable-<size>.png`: full bleed, the mark shrunk to 80 % so its corners stay inside
 *   the safe zone (the central circle of 40 % radius) that every launcher's mask keeps;
 * - `apple-touch-icon.png`: 180 px, the same full-bleed opaque square, since iOS rounds it itself.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { crc32, deflateSync } from "node:zlib"

/** The mark's strokes in the favicon's 24-unit box: [x1, y1, x2, y2]. */
const STROKES: ReadonlyArray<readonly [number, number, number, number]> = [
  [7, 8, 7, 16],
  [17, 8, 17, 16],
  [4.5, 10, 4.5, 14],
  [19.5, 10, 19.5, 14],
  [7, 12, 17, 12]
]
const STROKE_HALF_WIDTH = 1
const CORNER_RADIUS = 6
const BLUE = [0x1f, 0x4f, 0xd1] as const
/** Samples per pixel side: 4 x 4 gives smooth edges at every size. */
const SUPERSAMPLE = 4

interface Shape {
  /** Draws the background as a rounded square (the favicon) or to the edges (maskable, Apple). */
  readonly rounded: boolean
  /** How much of the icon's side the 24-unit mark box spans. */
  readonly markScale: number
}

const distanceToSegment = (px: number, py: number, [x1, y1, x2, y2]: readonly [number, number, number, number]) => {
  const dx = x2 - x1
  const dy = y2 - y1
  const t = Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy)))
  return Math.hypot(px - (x1 + t * dx), py - (y1 + t * dy))
}

const insideRoundedSquare = (x: number, y: number) => {
  const cx = Math.max(CORNER_RADIUS, Math.min(24 - CORNER_RADIUS, x))
  const cy = Math.max(CORNER_RADIUS, Math.min(24 - CORNER_RADIUS, y))
  return x >= 0 && x <= 24 && y >= 0 && y <= 24 && Math.hypot(x - cx, y - cy) <= CORNER_RADIUS
}

const onMark = (x: number, y: number) => STROKES.some((stroke) => distanceToSegment(x, y, stroke) <= STROKE_HALF_WIDTH)

/** RGBA pixels of one icon, drawn by coverage: the share of each pixel's samples on each shape. */
function draw(size: number, shape: Shape): Buffer {
  const pixels = Buffer.alloc(size * size * 4)
  const markOffset = (24 - 24 / shape.markScale) / 2
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      let background = 0
      let mark = 0
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          // The sample's place in the icon's 24-unit box, then in the (possibly shrunk) mark's.
          const x = ((column + (sx + 0.5) / SUPERSAMPLE) / size) * 24
          const y = ((row + (sy + 0.5) / SUPERSAMPLE) / size) * 24
          if (shape.rounded && !insideRoundedSquare(x, y)) continue
          background++
          if (onMark(markOffset + x / shape.markScale, markOffset + y / shape.markScale)) mark++
        }
      }
      const samples = SUPERSAMPLE * SUPERSAMPLE
      const white = background === 0 ? 0 : mark / background
      const at = (row * size + column) * 4
      for (let channel = 0; channel < 3; channel++) {
        pixels[at + channel] = Math.round((BLUE[channel] ?? 0) * (1 - white) + 255 * white)
      }
      pixels[at + 3] = Math.round((background / samples) * 255)
    }
  }
  return pixels
}

const chunk = (type: string, data: Buffer): Buffer => {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, "ascii")
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

/** An 8-bit RGBA PNG: every scanline unfiltered, the whole image deflated once. */
export function encodePng(size: number, rgba: Buffer): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 6, 0, 0, 0], 8)
  const scanlines = Buffer.alloc(size * (size * 4 + 1))
  for (let row = 0; row < size; row++) {
    rgba.copy(scanlines, row * (size * 4 + 1) + 1, row * size * 4, (row + 1) * size * 4)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(scanlines, { level: 9 })),
    chunk("IEND", Buffer.alloc(0))
  ])
}

const FAVICON: Shape = { rounded: true, markScale: 1 }
const FULL_BLEED: Shape = { rounded: false, markScale: 0.8 }

const icons: ReadonlyArray<readonly [string, number, Shape]> = [
  ["icon-192.png", 192, FAVICON],
  ["icon-512.png", 512, FAVICON],
  ["maskable-192.png", 192, FULL_BLEED],
  ["maskable-512.png", 512, FULL_BLEED],
  ["apple-touch-icon.png", 180, FULL_BLEED]
]

const folder = join(import.meta.dirname, "..", "public", "icons")
mkdirSync(folder, { recursive: true })
for (const [name, size, shape] of icons) {
  writeFileSync(join(folder, name), encodePng(size, draw(size, shape)))
  console.log(`public/icons/${name} (${size} x ${size})`)
}
