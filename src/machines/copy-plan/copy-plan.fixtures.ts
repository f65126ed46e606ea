import type { IsoDate } from "#domain/calendar.ts"
import type { CopiedWeek, CopyReport } from "#domain/copy-plan.ts"
import { UserId } from "#domain/ids.ts"
import { templateCursor } from "#domain/template-cursor.ts"
import type { Template, TemplateCursor, TemplateId, TemplatePage } from "#domain/templates.ts"
import type { ClientLookup } from "#domain/workout.ts"
import { GatewayDefect } from "#gateway/gateway.ts"
import type { CopyPlanPorts } from "./copy-plan.actors.ts"
import { initialCopyContext } from "./copy-plan.setup.ts"
import type { CopyPlanContext, CopyPlanInput, CopySetup } from "./copy-plan.types.ts"
import { unansweredCalls } from "#gateway/lazy-calls.ts"

// A coach copying Ann's Wednesday for stories and tests. No network.

export const ANN = UserId.make(7)
export const BO = UserId.make(8)
export const CY = UserId.make(9)

export const copyInput: CopyPlanInput = {
  coachId: UserId.make(1),
  clientId: ANN,
  date: "2026-03-04" as IsoDate,
  workoutOrder: 0
}

export const threeClients: ClientLookup = {
  "7": { name: "Ann Lifter", pending: false },
  "8": { name: "Bo Strong", pending: false },
  "9": { name: "Cy Press", pending: false },
  "pending:dee@example.com": { name: "dee@example.com", pending: true }
}

const names = (...exercises: ReadonlyArray<string>) => exercises

export const pushWeek: Template = {
  id: 31 as TemplateId,
  name: "Push week",
  kind: "week",
  days: 5,
  workouts: 3,
  exercises: names("Back Squat", "Bench Press")
}

export const squatDay: Template = {
  id: 32 as TemplateId,
  name: "Squat day",
  kind: "workout",
  days: 1,
  workouts: 1,
  exercises: names("Back Squat")
}

export const copySetup: CopySetup = { clients: threeClients, templates: [pushWeek, squatDay], templatesNext: null }

/** Where a coach's list of templates goes on after Squat day (the server's `next`). */
export const AFTER_SQUAT_DAY: TemplateCursor = templateCursor({ name: squatDay.name, id: squatDay.id })

/** The same screen for a coach with more templates than one page holds. */
export const longerSetup: CopySetup = { ...copySetup, templatesNext: AFTER_SQUAT_DAY }

export const tempoWeek: Template = {
  id: 40 as TemplateId,
  name: "Tempo week",
  kind: "week",
  days: 4,
  workouts: 2,
  exercises: names("Pause Squat")
}

export const upperDay: Template = {
  id: 41 as TemplateId,
  name: "Upper day",
  kind: "workout",
  days: 1,
  workouts: 1,
  exercises: names("Bench Press", "Row")
}

/** The page after Squat day, the list going on after it. */
export const middlePage: TemplatePage = {
  templates: [tempoWeek],
  next: templateCursor({ name: tempoWeek.name, id: tempoWeek.id })
}

/** The last page: the list is whole. */
export const lastPage: TemplatePage = { templates: [upperDay], next: null }

const day = (clientId: UserId, date: string, exercises: ReadonlyArray<string>): CopyReport["days"][number] => ({
  clientId,
  date: date as IsoDate,
  status: exercises.length === 0 ? "skipped" : "created",
  workouts: exercises.length === 0 ? 0 : 1,
  exercises: names(...exercises),
  reason: exercises.length === 0 ? "already has a workout" : null
})

const squatWeek = (week: number, maxPercent: number): CopiedWeek => ({
  week,
  workouts: [
    {
      weekday: null,
      exercises: [
        {
          name: "Back Squat",
          sets: [0, 1, 2].map((set) => ({ set, weight: null, unit: "lb", maxPercent, e1rmPercent: null }))
        },
        {
          name: "Bench Press",
          sets: [{ set: 0, weight: 140 + 5 * week, unit: "lb", maxPercent: null, e1rmPercent: null }]
        }
      ]
    }
  ]
})

/**
 * Ann's Wednesday to Bo and Cy next Wednesday and the one after, at +2.5 points of max
 * and +5 lb a week; Cy's second week is busy.
 */
export const previewReport: CopyReport = {
  dryRun: true,
  days: [
    day(BO, "2026-03-11", ["Back Squat", "Bench Press"]),
    day(BO, "2026-03-18", ["Back Squat", "Bench Press"]),
    day(CY, "2026-03-11", ["Back Squat", "Bench Press"]),
    day(CY, "2026-03-18", [])
  ],
  weeks: [squatWeek(1, 77.5), squatWeek(2, 80)]
}

export const createdReport: CopyReport = { ...previewReport, dryRun: false }

/** Every target day already busy: nothing to create. */
export const allBusyReport: CopyReport = { dryRun: true, days: [day(BO, "2026-03-11", [])] }

export const PLAN_KEY = "0123456789abcdef0123456789abcdef"

/** The screen once loaded: Ann's workout, to Bo and Cy, one week at +2.5 points and +5 lb. */
export const copyContext = (overrides: Partial<CopyPlanContext> = {}): CopyPlanContext => ({
  ...initialCopyContext(copyInput),
  clients: threeClients,
  templates: [pushWeek, squatDay],
  targets: [BO, CY],
  repeats: [{ kind: "progress", percentPoints: "2.5", weight: "5", weightUnit: "lb", reps: "0", sets: "0" }],
  ...overrides
})

const never = () => new Promise<never>(() => undefined)

/** A gateway that never answers, so a story stays in the state it shows. */
export const storyCopyPlanPorts: CopyPlanPorts = { gateway: unansweredCalls() }

export const networkDown = new GatewayDefect({ reason: "network", message: "The server could not be reached" })

/** A gateway whose template calls fail as a dropped connection does; the others never answer. */
export const offlineTemplatePorts: CopyPlanPorts = {
  gateway: {
    getAllClients: never,
    templatePage: () => Promise.reject(networkDown),
    copyWorkouts: never,
    saveTemplate: () => Promise.reject(networkDown),
    removeTemplate: () => Promise.reject(networkDown)
  }
}
