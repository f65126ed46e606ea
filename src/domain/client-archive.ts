import * as Schema from "effect/Schema"
import { UserId } from "./ids.ts"

/**
 * A coach puts a linked client away, or back (POST /api/clients/archive and
 * /api/clients/restore). Archived, the client stays linked: their history is kept and
 * readable, they log as before, but the coach's roster lists them apart, and the calendar
 * picker and the overview leave them out.
 */
export const ClientArchivePayload = Schema.Struct({ clientId: UserId })
export type ClientArchivePayload = typeof ClientArchivePayload.Type
