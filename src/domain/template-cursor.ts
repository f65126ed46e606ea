import { MAX_DATABASE_ID } from "./plain-bounds.ts"
import { MAX_CURSOR_LENGTH, MAX_TEMPLATE_NAME_LENGTH } from "./templates.ts"

/*
 * Where a page of a coach's templates ended (GET /api/templates/page, docs/decisions/051):
 * the last template's name and id, the keys the list is ordered by (lower(name), id). The
 * client only sends back the `next` it was given, so to it the text is opaque; the server
 * reads the two keys from it. Base64url of JSON, made and read alike in the browser and
 * in Node.
 */

/** The last template of a page: the list goes on after it. */
export interface TemplatePosition {
  readonly name: string
  readonly id: number
}

const BASE64URL = /^[A-Za-z0-9_-]+$/

const toBase64Url = (text: string): string => {
  let binary = ""
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "")
}

const fromBase64Url = (text: string): string | undefined => {
  if (!BASE64URL.test(text)) return undefined
  try {
    const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"))
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)))
  } catch {
    return undefined
  }
}

/** The cursor of a page that ended at `position`. */
export const templateCursor = (position: TemplatePosition): string =>
  toBase64Url(JSON.stringify([position.name, position.id]))

/** The position a cursor names; undefined for text that is no cursor this server made. */
export function readTemplateCursor(cursor: string): TemplatePosition | undefined {
  if (cursor.length > MAX_CURSOR_LENGTH) return undefined
  const json = fromBase64Url(cursor)
  if (json === undefined) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    return undefined
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) return undefined
  const [name, id] = parsed as ReadonlyArray<unknown>
  if (typeof name !== "string" || name.length === 0 || name.length > MAX_TEMPLATE_NAME_LENGTH) return undefined
  if (typeof id !== "number" || !Number.isInteger(id) || id < 1 || id > MAX_DATABASE_ID) return undefined
  return { name, id }
}
