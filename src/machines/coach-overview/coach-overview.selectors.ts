import type { ActorRefFrom, SnapshotFrom } from "xstate"
import { formatMediumUsDate, formatShortUsDate, type IsoDate } from "#domain/calendar.ts"
import { UPCOMING_DAYS, type ClientOverview, type NewRecord } from "#domain/coach-overview.ts"
import {
  COMPLIANCE_LONG_DAYS,
  COMPLIANCE_SHORT_DAYS,
  percentDone,
  type Compliance,
  type DoneOfScheduled
} from "#domain/compliance.ts"
import type { UserId } from "#domain/ids.ts"
import { formatLoad } from "#domain/units.ts"
import type { CoachOverviewMachine } from "./coach-overview.machine.ts"

export type CoachOverviewSnapshot = SnapshotFrom<CoachOverviewMachine>
export type CoachOverviewActorRef = ActorRefFrom<CoachOverviewMachine>

export const OVERVIEW_LOADING = "Loading your clients' training…"
export const OVERVIEW_REFRESHING = "Updating…"
export const NO_CLIENTS_TO_OVERVIEW = "Once a client accepts your invitation, their training shows here."
export const NOTHING_SCHEDULED = `Nothing scheduled in the next ${UPCOMING_DAYS} days`
const LONG_WINDOW = `${COMPLIANCE_LONG_DAYS / 7} weeks`
const SHORT_WINDOW = `${COMPLIANCE_SHORT_DAYS} days`
const ALL_CLIENTS = "All clients"
export const NOTHING_SCHEDULED_LATELY = `Nothing scheduled in the last ${LONG_WINDOW}`
/** What the compliance figures count, said once above them. */
export const COMPLIANCE_COUNTS = `Done of scheduled: workouts submitted, of those dated in the last ${SHORT_WINDOW} or ${LONG_WINDOW} through today. Workouts still to come are not counted.`

/** One client's row: each line as the screen reads it. */
export interface OverviewRow {
  readonly clientId: UserId
  readonly name: string
  /** "Last session: Nov 18" (the last day work was done, never a day to come) or "Last session: Never". */
  readonly lastSession: string
  /** "This week: 2 of 3 done", or "This week: nothing scheduled". */
  readonly week: string
  /** "Missed: 1"; null when nothing was missed. */
  readonly missed: string | null
  /** "New record: Back Squat — estimated 1RM 320 lb", one per exercise. */
  readonly records: ReadonlyArray<string>
  /** "4 weeks: 83% (10 of 12 done)", or NOTHING_SCHEDULED_LATELY. */
  readonly lastFourWeeks: string
  /** "7 days: 2 of 3 done" or "7 days: nothing scheduled"; null when nothing was scheduled in the 4 weeks either. */
  readonly lastSevenDays: string | null
  /** The coming days, or NOTHING_SCHEDULED. */
  readonly upcoming: string
  readonly nothingScheduled: boolean
  /** Nothing scheduled or something missed: listed first. */
  readonly needsAttention: boolean
}

export interface CoachOverviewView {
  readonly loading: boolean
  readonly refreshing: boolean
  /** The read failed: the reason, shown with a retry. */
  readonly error: string | null
  readonly canRetry: boolean
  /** Read, and the coach has no linked client yet. */
  readonly empty: boolean
  /** Every client's compliance added up, its lines as for a row; null when there are no rows. */
  readonly overall: ComplianceLines | null
  readonly rows: ReadonlyArray<OverviewRow>
}

export interface ComplianceLines {
  readonly lastFourWeeks: string
  readonly lastSevenDays: string | null
}

/**
 * "4 weeks: 83% (10 of 12 done)" and "7 days: 2 of 3 done", or for every client "All
 * clients, 4 weeks: …"; the percent as src/domain/compliance.ts rounds it. Nothing
 * scheduled is said in words, never as 0%.
 */
export const complianceLines = (compliance: Compliance, everyClient = false): ComplianceLines => {
  const lead = everyClient ? `${ALL_CLIENTS}, ` : ""
  const { last7Days, last28Days } = compliance
  const percent = percentDone(last28Days)
  if (percent === null)
    return {
      lastFourWeeks: everyClient
        ? `${ALL_CLIENTS}: nothing scheduled in the last ${LONG_WINDOW}`
        : NOTHING_SCHEDULED_LATELY,
      lastSevenDays: null
    }
  const shortWindow = last7Days.scheduled === 0 ? "nothing scheduled" : doneOf(last7Days)
  return {
    lastFourWeeks: `${lead}${LONG_WINDOW}: ${percent}% (${doneOf(last28Days)})`,
    lastSevenDays: `${lead}${SHORT_WINDOW}: ${shortWindow}`
  }
}

const doneOf = ({ done, scheduled }: DoneOfScheduled) => `${done} of ${scheduled} done`

const dayText = (date: IsoDate, today: IsoDate) =>
  date.slice(0, 4) === today.slice(0, 4) ? formatShortUsDate(date) : formatMediumUsDate(date)

// An estimate, never a lift's tested max: said so, beside the number (docs/decisions/042).
const recordText = (record: NewRecord) =>
  `New record: ${record.exercise} — estimated 1RM ${formatLoad(record.e1rm, record.unit, "symbol")}`

/** "Next: Nov 21, Back Squat, Bench Press (2 days in the next 7)": the first day with a workout not yet done. */
const upcomingText = (client: ClientOverview, today: IsoDate): string => {
  const [next] = client.upcoming
  if (next === undefined) return NOTHING_SCHEDULED
  const when = next.date === today ? "Today" : dayText(next.date, today)
  const what = next.exercises.length > 0 ? `, ${next.exercises.join(", ")}` : ""
  const days = client.upcoming.length
  return `Next: ${when}${what}${days > 1 ? ` (${days} days in the next ${UPCOMING_DAYS})` : ""}`
}

export const overviewRowOf = (client: ClientOverview, today: IsoDate): OverviewRow => {
  const nothingScheduled = client.upcoming.length === 0
  return {
    clientId: client.clientId,
    name: client.name,
    lastSession: `Last session: ${client.lastSession === null ? "Never" : dayText(client.lastSession, today)}`,
    week:
      client.weekScheduled === 0
        ? "This week: nothing scheduled"
        : `This week: ${client.weekCompleted} of ${client.weekScheduled} done`,
    missed: client.missed > 0 ? `Missed: ${client.missed}` : null,
    records: client.newRecords.map(recordText),
    ...complianceLines(client.compliance),
    upcoming: upcomingText(client, today),
    nothingScheduled,
    needsAttention: nothingScheduled || client.missed > 0
  }
}

/** Rows needing attention first; otherwise the server's order, by name. */
export const overviewRowsOf = (clients: ReadonlyArray<ClientOverview>, today: IsoDate): ReadonlyArray<OverviewRow> => {
  const rows = clients.map((client) => overviewRowOf(client, today))
  return [...rows.filter((row) => row.needsAttention), ...rows.filter((row) => !row.needsAttention)]
}

export const selectCoachOverview = (snapshot: CoachOverviewSnapshot): CoachOverviewView => {
  const { overview, failure } = snapshot.context
  const failed = snapshot.matches("failed")
  const rows = overview === null || failed ? [] : overviewRowsOf(overview.clients, overview.today)
  return {
    loading: snapshot.matches("loading"),
    refreshing: snapshot.matches("refreshing"),
    error: failed ? failure : null,
    canRetry: snapshot.can({ type: "overview.retry" }),
    empty: overview !== null && !failed && overview.clients.length === 0,
    overall: overview === null || rows.length === 0 ? null : complianceLines(overview.compliance, true),
    rows
  }
}
