import { Zip, ZipDeflate } from "fflate"

/*
 * A zip written as its files' text arrives (fflate's streaming Zip): each file is deflated
 * a piece at a time and its bytes handed on at once, so the archive is never held whole,
 * only the piece being written (docs/decisions/049-import-and-export.md).
 */

export interface ZipEntry {
  /** The path inside the archive ("history/12-Ann.csv"). */
  readonly name: string
  /** The file's text, in pieces. */
  readonly texts: AsyncIterable<string> | Iterable<string>
}

const encoder = new TextEncoder()

/** The archive's bytes, a piece per piece of text written. */
export async function* zipped(entries: AsyncIterable<ZipEntry>): AsyncGenerator<Uint8Array> {
  const ready: Array<Uint8Array> = []
  const state: { failed?: Error } = {}
  // fflate calls back synchronously while a piece is pushed: what it wrote is handed on after each push.
  const zip = new Zip((error, data) => {
    if (error !== null) state.failed = error
    else if (data.length > 0) ready.push(data)
  })
  const written = function* () {
    if (state.failed !== undefined) throw state.failed
    yield* ready.splice(0)
  }
  for await (const entry of entries) {
    const file = new ZipDeflate(entry.name, { level: 6 })
    zip.add(file)
    for await (const text of entry.texts) {
      file.push(encoder.encode(text))
      yield* written()
    }
    file.push(new Uint8Array(0), true)
    yield* written()
  }
  zip.end()
  yield* written()
}
