import type { DataStore } from "@tus/utils"
import type { Readable } from "node:stream"

/*
 * Where clips' bytes live (docs/decisions/050-form-check-videos.md): the local disk by
 * default (@tus/file-store under .data/videos), S3-compatible storage in production
 * (@tus/s3-store; the README's production table). The tus server writes through
 * `datastore`; serving, checking and deleting go through the rest, so nothing else in
 * server/videos knows which store it is.
 */

export type VideoStorageKind = "file" | "s3"

export interface ByteRange {
  /** first byte, inclusive */
  readonly start: number
  /** last byte, inclusive */
  readonly end: number
}

export interface VideoStorage {
  readonly kind: VideoStorageKind
  /** what @tus/server writes to */
  readonly datastore: DataStore
  /** the stored bytes of a finished upload, whole or one range; rejects when there is none */
  readonly read: (id: string, range?: ByteRange) => Promise<Readable>
  /** forgets the upload and its bytes; resolves also when there was nothing */
  readonly remove: (id: string) => Promise<void>
  readonly close: () => Promise<void>
}
