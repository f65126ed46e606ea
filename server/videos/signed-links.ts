import { createHmac, randomBytes, timingSafeEqual } from "node:crypto"
import { eq } from "drizzle-orm"
import { VIDEO_LINK_SECONDS, videoFilePath, type VideoId, type VideoLink } from "#domain/set-videos.ts"
import type { Db } from "../db/client.ts"
import { appSecrets } from "../db/schema.ts"

/*
 * Links that play a clip (docs/decisions/050-form-check-videos.md): a <video> element
 * sends no bearer token, so the link itself is the permission, for VIDEO_LINK_SECONDS.
 * It is an HMAC-SHA256 of the clip's id and the link's end, under one key every instance
 * shares: VIDEO_LINK_SECRET, else one made once and kept in the database.
 */

const SECRET_NAME = "video-links"

/** The key links are signed with: `configured` (VIDEO_LINK_SECRET) when given, else the database's, made on first need. */
export async function linkSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured !== undefined && configured !== "") return configured
  await db
    .insert(appSecrets)
    .values({ name: SECRET_NAME, secret: randomBytes(32).toString("base64url") })
    .onConflictDoNothing()
  const [row] = await db.select({ secret: appSecrets.secret }).from(appSecrets).where(eq(appSecrets.name, SECRET_NAME))
  if (row === undefined) throw new Error("video link secret not stored")
  return row.secret
}

const signature = (secret: string, videoId: string, expires: number) =>
  createHmac("sha256", secret).update(`${videoId}.${expires}`).digest("base64url")

/** A link to the clip's file that plays until `seconds` from `nowMs`. */
export function signLink(secret: string, videoId: VideoId, nowMs: number, seconds = VIDEO_LINK_SECONDS): VideoLink {
  const expires = Math.floor(nowMs / 1000) + seconds
  const query = new URLSearchParams({ expires: String(expires), signature: signature(secret, videoId, expires) })
  return { url: `${videoFilePath(videoId)}?${query}`, expiresAt: new Date(expires * 1000).toISOString() }
}

export type LinkCheck = { readonly _tag: "Valid"; readonly secondsLeft: number } | { readonly _tag: "Refused" }

/** Whether the link's signature is ours for this clip and its end is still ahead. */
export function checkLink(
  secret: string,
  videoId: string,
  expires: string | null,
  given: string | null,
  nowMs: number
): LinkCheck {
  if (expires === null || given === null || !/^\d{1,12}$/.test(expires)) return { _tag: "Refused" }
  const expected = Buffer.from(signature(secret, videoId, Number(expires)))
  const offered = Buffer.from(given)
  if (offered.length !== expected.length || !timingSafeEqual(offered, expected)) return { _tag: "Refused" }
  const secondsLeft = Number(expires) - Math.floor(nowMs / 1000)
  return secondsLeft > 0 ? { _tag: "Valid", secondsLeft } : { _tag: "Refused" }
}
