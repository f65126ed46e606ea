import type { IsoDate } from "#domain/calendar.ts"
import { UserId } from "#domain/ids.ts"
import type { ClientLookup } from "#domain/workout.ts"
import type { CoachCalendarPorts } from "./coach-calendar.actors.ts"
import type { CoachCalendarContext, CoachCalendarInput, DayMarks } from "./coach-calendar.types.ts"

// Sample calendar data for stories and tests. No network.

export const calendarInput: CoachCalendarInput = { coachId: UserId.make(1), today: "2026-03-04" as IsoDate }

export const calendarClients: ClientLookup = {
  "7": { name: "Bo Client", pending: false },
  "8": { name: "Ann Lifter", pending: false },
  "pending:cy@example.com": { name: "cy@example.com", pending: true }
}

export const onlyInvitations: ClientLookup = { "pending:cy@example.com": { name: "cy@example.com", pending: true } }

const days = (...isos: ReadonlyArray<string>) => isos.map((iso) => iso as IsoDate)

export const someMarks: DayMarks = {
  workoutDates: days("2026-03-02", "2026-03-04", "2026-03-09", "2026-03-16"),
  resultDates: days("2026-03-02")
}

export const calendarContext = (overrides: Partial<CoachCalendarContext> = {}): CoachCalendarContext => ({
  coachId: calendarInput.coachId,
  today: calendarInput.today,
  selectedDay: calendarInput.today,
  clients: calendarClients,
  clientId: UserId.make(8),
  marks: someMarks,
  ...overrides
})

/** A gateway that never answers and an address that is not kept, so a story stays in the state it shows. */
export const storyCoachCalendarPorts: CoachCalendarPorts = {
  gateway: () => new Promise<never>(() => undefined),
  rememberClient: () => undefined
}
