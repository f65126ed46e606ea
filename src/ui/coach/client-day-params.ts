import * as Schema from "effect/Schema"
import { isoToRouteDate, parseRouteDate, type IsoDate } from "#domain/calendar.ts"
import { UserIdFromString, type UserId } from "#domain/ids.ts"

const decodeUserId = Schema.decodeUnknownOption(UserIdFromString)

export interface ClientDay {
  readonly clientId: UserId
  readonly date: IsoDate
}

/** The {userId}/{MM-DD-YYYY} of a coach route, or null when either is not a real id or day. */
export const parseClientDay = (params: { readonly userId: string; readonly date: string }): ClientDay | null => {
  const clientId = decodeUserId(params.userId)
  const date = parseRouteDate(params.date)
  return clientId._tag === "Some" && date !== undefined ? { clientId: clientId.value, date } : null
}

/** The other way: a client's day as the params of /coach/workouts/{userId}/{MM-DD-YYYY}. */
export const clientDayParams = ({ clientId, date }: ClientDay): { userId: string; date: string } => ({
  userId: String(clientId),
  date: isoToRouteDate(date)
})
