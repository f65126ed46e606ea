import { FileStore } from "@tus/file-store"
import fsp from "node:fs/promises"
import path from "node:path"
import type { Readable } from "node:stream"
import type { ByteRange, VideoStorage } from "./video-storage.ts"

/*
 * Clips on the local disk: @tus/file-store keeps each upload's bytes in a file named by its
 * id and its tus record beside it in `<id>.json`.
 */
export const openFileStorage = async (directory: string): Promise<VideoStorage> => {
  const root = path.resolve(directory)
  // FileStore also creates it, but without waiting: the first upload could race it.
  await fsp.mkdir(root, { recursive: true })
  const datastore = new FileStore({ directory: root })
  // Ids come from the client (checked by the tus endpoint); still never leave the folder.
  const fileOf = (id: string) => {
    const file = path.resolve(root, id)
    if (path.dirname(file) !== root) throw new Error(`not a video id: ${id}`)
    return file
  }

  const read = async (id: string, range?: ByteRange): Promise<Readable> => {
    const file = fileOf(id)
    // Only a finished upload, as on S3, where the object exists only once its last part is in.
    const upload = await datastore.getUpload(id).catch(() => undefined)
    if (upload === undefined || upload.size === undefined || upload.offset !== upload.size) {
      throw new Error(`no finished video ${id} in ${root}`)
    }
    // Opened here so that a clip removed meanwhile rejects rather than erroring the stream later.
    const handle = await fsp.open(file, "r")
    return handle.createReadStream(range === undefined ? {} : { start: range.start, end: range.end })
  }

  const remove = async (id: string): Promise<void> => {
    const file = fileOf(id)
    // FileStore.remove stops at a missing data file and keeps the record: delete both ourselves.
    await fsp.rm(file, { force: true })
    await fsp.rm(`${file}.json`, { force: true })
  }

  return { kind: "file", datastore, read, remove, close: async () => {} }
}
