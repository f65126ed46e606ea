import type { DataStore } from "@tus/server"
import { Readable } from "node:stream"
import { SNIFF_BYTES } from "#domain/video-container.ts"

/*
 * The store @tus/server writes through, with one thing added: the first bytes of an
 * upload are looked at before any is stored (docs/decisions/050-form-check-videos.md), so
 * a file that is not a video is refused with nothing of it kept.
 */

/**
 * Told the upload's first bytes (SNIFF_BYTES, or all the request carried when it ended
 * sooner: `ended`); throwing refuses the write before anything is stored.
 */
export type FirstBytesCheck = (id: string, first: Uint8Array, ended: boolean) => Promise<void>

async function* replay(first: ReadonlyArray<Buffer>, rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  yield* first
  for (;;) {
    const next = await rest.next()
    if (next.done === true) return
    yield next.value
  }
}

/** `inner`, whose writes at offset 0 go through `check` first. */
export function firstBytesStore(inner: DataStore, check: FirstBytesCheck): DataStore {
  const write = async (stream: Readable, id: string, offset: number): Promise<number> => {
    if (offset !== 0) return inner.write(stream, id, offset)
    const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>
    const first: Array<Buffer> = []
    let length = 0
    let ended = false
    while (length < SNIFF_BYTES) {
      const next = await chunks.next()
      if (next.done === true) {
        ended = true
        break
      }
      first.push(next.value)
      length += next.value.length
    }
    await check(id, Buffer.concat(first, length), ended)
    return inner.write(Readable.from(replay(first, chunks), { objectMode: false }), id, offset)
  }
  // Everything else is the store's own, called on it (its methods read `this`).
  return new Proxy(inner, {
    get(target, property) {
      if (property === "write") return write
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === "function" ? (value as (...args: Array<unknown>) => unknown).bind(target) : value
    }
  })
}
