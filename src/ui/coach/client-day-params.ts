import * as Schema from "effect/Schema"
import { parseRouteDate, type IsoDate } from "#domain/calendar.ts"
import { UserIdFromString, type UserId } from "#domain/ids.ts"

const decodeUserId = Schema.decodeUnknownOption(UserIdFromString)

/** The {userId}/{MM-DD-YYYY} of a coach route, or null when either is not a real id or day. */
export const parseClientDay = (params: { readonly userId: string; readonly date: string }): { clientId: UserId; date: IsoDate } | null => {
  const clientId = decodeUserId(params.userId)
  const date = parseRouteDate(params.date)
  return clientId._tag === "Some" && date !== undefined ? { clientId: clientId.value, date } : null
}
