import type { IsoDate } from "#domain/calendar.ts"
import type { ClientOverview, CoachOverview } from "#domain/coach-overview.ts"
import { totalCompliance, type Compliance } from "#domain/compliance.ts"
import { UserId } from "#domain/ids.ts"
import type { CoachOverviewPorts } from "./coach-overview.actors.ts"
import type { CoachOverviewContext } from "./coach-overview.types.ts"
import { unansweredCalls } from "#gateway/lazy-calls.ts"

// Sample overviews for stories and tests. No network. "Today" is Wednesday 19 November 2025.

export const overviewToday = "2025-11-19" as IsoDate

const client = (overrides: Partial<ClientOverview> & Pick<ClientOverview, "clientId" | "name">): ClientOverview => ({
  lastSession: null,
  weekScheduled: 0,
  weekCompleted: 0,
  missed: 0,
  newRecords: [],
  upcoming: [],
  compliance: nothingScheduledLately,
  ...overrides
})

const nothingScheduledLately: Compliance = {
  last7Days: { done: 0, scheduled: 0 },
  last28Days: { done: 0, scheduled: 0 }
}

const withTotal = (overview: Omit<CoachOverview, "compliance">): CoachOverview => ({
  ...overview,
  compliance: totalCompliance(overview.clients.map((one) => one.compliance))
})

/** Four clients: one on track with a record, one who missed, one with nothing coming, one new. */
export const fourClients: CoachOverview = withTotal({
  today: overviewToday,
  weekFrom: "2025-11-16" as IsoDate,
  clients: [
    client({
      clientId: UserId.make(8),
      name: "Ann Lifter",
      lastSession: "2025-11-18" as IsoDate,
      weekScheduled: 3,
      weekCompleted: 2,
      newRecords: [
        {
          exercise_id: "back-squat",
          exercise: "Back Squat",
          e1rm: 320,
          unit: "lb",
          date: "2025-11-18" as IsoDate
        }
      ],
      upcoming: [
        { date: "2025-11-21" as IsoDate, workouts: 1, exercises: ["Back Squat", "Bench Press"] },
        { date: "2025-11-24" as IsoDate, workouts: 1, exercises: ["Deadlift"] }
      ],
      compliance: { last7Days: { done: 2, scheduled: 3 }, last28Days: { done: 10, scheduled: 12 } }
    }),
    client({
      clientId: UserId.make(7),
      name: "Bo Client",
      lastSession: "2025-11-04" as IsoDate,
      weekScheduled: 2,
      missed: 3,
      upcoming: [{ date: overviewToday, workouts: 1, exercises: ["Front Squat"] }],
      compliance: { last7Days: { done: 0, scheduled: 1 }, last28Days: { done: 9, scheduled: 15 } }
    }),
    client({ clientId: UserId.make(9), name: "Cy Idle", lastSession: "2024-12-30" as IsoDate }),
    client({ clientId: UserId.make(10), name: "Dee New" })
  ]
})

export const noClients: CoachOverview = withTotal({ ...fourClients, clients: [] })

/** Two clients with nothing scheduled in the last four weeks: no share of nothing. */
export const nothingScheduledLatelyClients: CoachOverview = withTotal({
  ...fourClients,
  clients: [
    client({
      clientId: UserId.make(9),
      name: "Cy Idle",
      lastSession: "2024-12-30" as IsoDate,
      upcoming: [{ date: "2025-11-21" as IsoDate, workouts: 1, exercises: ["Back Squat"] }]
    }),
    client({ clientId: UserId.make(10), name: "Dee New" })
  ]
})

export const overviewContext = (overrides: Partial<CoachOverviewContext> = {}): CoachOverviewContext => ({
  today: overviewToday,
  utcOffset: 0,
  overview: fourClients,
  failure: null,
  ...overrides
})

/** A gateway that never answers and a client list that never changes, so a story stays in the state it shows. */
export const storyCoachOverviewPorts: CoachOverviewPorts = {
  gateway: unansweredCalls(),
  watchClientsAdded: () => () => undefined
}
