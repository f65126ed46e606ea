import { openFileStorage } from "./storage-file.ts"
import type { VideoStorage } from "./video-storage.ts"

/*
 * Which store holds clips (server/videos/video-storage.ts), from the environment: the
 * local disk unless VIDEO_STORE=s3 (the README's production table).
 */

export type VideoStorageConfig =
  | { kind: "file"; directory: string }
  | {
      kind: "s3"
      bucket: string
      region: string
      /** an S3-compatible service's URL; unset means AWS */
      endpoint?: string
      /** unset means the AWS SDK's default credential chain */
      accessKeyId?: string
      secretAccessKey?: string
      /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>` (most non-AWS services) */
      forcePathStyle?: boolean
      /** bytes per multipart part (at least 5 MiB); default @tus/s3-store's */
      partSize?: number
    }

export const DEFAULT_VIDEO_DIR = "./.data/videos"

type Env = Readonly<Record<string, string | undefined>>

const present = (env: Env, name: string): string | undefined => {
  const value = env[name]?.trim()
  return value === undefined || value === "" ? undefined : value
}

const required = (env: Env, name: string): string => {
  const value = present(env, name)
  if (value === undefined) throw new Error(`VIDEO_STORE=s3 needs ${name} to be set`)
  return value
}

export const videoStorageConfigFromEnv = (env: Env = process.env): VideoStorageConfig => {
  const kind = present(env, "VIDEO_STORE") ?? "file"
  if (kind === "file") return { kind: "file", directory: present(env, "VIDEO_DIR") ?? DEFAULT_VIDEO_DIR }
  if (kind !== "s3") throw new Error(`VIDEO_STORE must be "file" or "s3", not "${kind}"`)

  const accessKeyId = present(env, "S3_ACCESS_KEY_ID")
  const secretAccessKey = present(env, "S3_SECRET_ACCESS_KEY")
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new Error(
      `VIDEO_STORE=s3 needs ${accessKeyId === undefined ? "S3_ACCESS_KEY_ID" : "S3_SECRET_ACCESS_KEY"} to be set as well`
    )
  }
  const endpoint = present(env, "S3_ENDPOINT")
  const forcePathStyle = present(env, "S3_FORCE_PATH_STYLE")
  if (forcePathStyle !== undefined && !["1", "0", "true", "false"].includes(forcePathStyle)) {
    throw new Error(`S3_FORCE_PATH_STYLE must be 1, 0, true or false, not "${forcePathStyle}"`)
  }
  return {
    kind: "s3",
    bucket: required(env, "S3_BUCKET"),
    region: required(env, "S3_REGION"),
    ...(endpoint === undefined ? {} : { endpoint }),
    ...(accessKeyId === undefined || secretAccessKey === undefined ? {} : { accessKeyId, secretAccessKey }),
    ...(forcePathStyle === undefined ? {} : { forcePathStyle: forcePathStyle === "1" || forcePathStyle === "true" })
  }
}

/** The S3 store's code (the AWS SDK) is loaded only by a server that uses it. */
export const openVideoStorage = async (config: VideoStorageConfig): Promise<VideoStorage> =>
  config.kind === "file" ? openFileStorage(config.directory) : (await import("./storage-s3.ts")).openS3Storage(config)
