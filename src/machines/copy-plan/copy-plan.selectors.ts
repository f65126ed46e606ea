import type { ActorRefFrom, SnapshotFrom } from "xstate"
import {
  addDays,
  dayOfWeek,
  formatLongUsDate,
  formatShortUsDate,
  isIsoDate,
  isoToRouteDate,
  startOfWeek,
  WEEKDAY_HEADERS,
  type IsoDate
} from "#domain/calendar.ts"
import { COPY_LIMITS, type CopiedDay, type CopyReport } from "#domain/copy-plan.ts"
import type { UserId } from "#domain/ids.ts"
import type { TemplateId } from "#domain/templates.ts"
import { activeClients } from "#domain/active-clients.ts"
import type { CopyPlanMachine } from "./copy-plan.machine.ts"
import { weekLoadLines } from "#domain/copy-plan-loads.ts"
import { templateSourceOf } from "./copy-plan.plan.ts"
import type { PlanPart, RepeatDraft, SourceChoice, TemplateCall, TemplateNotice } from "./copy-plan.types.ts"

export type CopyPlanSnapshot = SnapshotFrom<CopyPlanMachine>
export type CopyPlanActorRef = ActorRefFrom<CopyPlanMachine>

export const NOT_YOUR_CLIENT = "This client is not on your list."
export const NO_OTHER_CLIENTS = "You have no other clients yet: add one from the dashboard to copy to them."
export const NO_TEMPLATES = "No templates yet. Save a workout or a week as a template below."
/** The button that reads the next page of templates (docs/decisions/051), and its label while it does. */
export const SHOW_MORE_TEMPLATES = "Show more templates"
export const LOADING_MORE_TEMPLATES = "Loading more templates…"
export const NOTHING_TO_CREATE = "Nothing to create: every day already has a workout."
export const SAVE_NEEDS_SOURCE = "Choose this workout or this week above to save it as a template."
export const SKIPPED_BUSY = "already has a workout"

/** "Sun, Mar 8". */
export const shortDayLabel = (date: IsoDate): string =>
  `${WEEKDAY_HEADERS[dayOfWeek(date)] ?? ""}, ${formatShortUsDate(date)}`

export interface ReportDayView {
  readonly date: IsoDate
  readonly label: string
  readonly created: boolean
  readonly text: string
  /** {userId}/{MM-DD-YYYY}: that client's day view. */
  readonly dayParams: { readonly userId: string; readonly date: string }
}

export interface ReportView {
  readonly clients: ReadonlyArray<{
    readonly clientId: UserId
    readonly name: string
    readonly days: ReadonlyArray<ReportDayView>
  }>
  readonly created: number
  readonly skipped: number
  /** "Created 12 days, skipped 2." or the same as a preview would do it. */
  readonly summary: string
  /** "Week 2, Mon — Back Squat sets 1–3: 77.5% of max": each copied week's loads. */
  readonly loads: ReadonlyArray<string>
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`

const dayText = (day: CopiedDay, dryRun: boolean): string => {
  if (day.status === "skipped") return `Skipped: ${day.reason ?? SKIPPED_BUSY}`
  const what = day.exercises.length === 0 ? plural(day.workouts, "workout") : day.exercises.join(", ")
  return `${dryRun ? "Will create" : "Created"}: ${what}`
}

const reportView = (report: CopyReport, nameOf: (clientId: UserId) => string): ReportView => {
  const order: Array<UserId> = []
  const byClient = new Map<UserId, Array<ReportDayView>>()
  for (const day of report.days) {
    if (!byClient.has(day.clientId)) {
      order.push(day.clientId)
      byClient.set(day.clientId, [])
    }
    byClient.get(day.clientId)?.push({
      date: day.date,
      label: shortDayLabel(day.date),
      created: day.status === "created",
      text: dayText(day, report.dryRun),
      dayParams: { userId: String(day.clientId), date: isoToRouteDate(day.date) }
    })
  }
  const created = report.days.filter((day) => day.status === "created").length
  const skipped = report.days.length - created
  const [verb, skip] = report.dryRun ? ["Will create", "skip"] : ["Created", "skipped"]
  return {
    clients: order.map((clientId) => ({ clientId, name: nameOf(clientId), days: byClient.get(clientId) ?? [] })),
    created,
    skipped,
    summary: `${verb} ${plural(created, "day")}${skipped === 0 ? "" : `, ${skip} ${plural(skipped, "day")}`}.`,
    loads: weekLoadLines(report.weeks ?? [])
  }
}

export interface SourceOptionView {
  readonly value: Exclude<SourceChoice, "template">
  readonly label: string
  readonly detail: string
}

export interface TemplateView {
  readonly id: TemplateId
  readonly name: string
  readonly detail: string
  readonly chosen: boolean
}

export interface RepeatRowView extends RepeatDraft {
  readonly week: number
  /** "Week 1": the first copy. */
  readonly label: string
  readonly startsOn: string
}

export interface NoticeView {
  readonly kind: "saved" | "refused" | "removed" | "failed"
  readonly text: string
}

export interface CopyPlanView {
  readonly status: "loading" | "loadFailed" | "notFound" | "ready"
  readonly heading: string
  readonly loadError: string | null
  readonly backToDay: { readonly userId: string; readonly date: string }
  /** The plan cannot change while it is sent or once it is created. */
  readonly locked: boolean
  readonly source: {
    readonly chosen: SourceChoice
    readonly options: ReadonlyArray<SourceOptionView>
    readonly templates: ReadonlyArray<TemplateView>
    /** While the coach has templates not listed yet (docs/decisions/051): the next page's state; null once all are listed. */
    readonly more: { readonly loading: boolean; readonly failure: string | null } | null
    readonly problem: string | null
  }
  readonly targets: {
    readonly clients: ReadonlyArray<{ readonly id: UserId; readonly name: string; readonly chosen: boolean }>
    readonly onlySource: boolean
    readonly start: string
    readonly addOnBusyDays: boolean
    readonly problem: string | null
  }
  readonly repeats: {
    readonly count: number
    readonly max: number
    readonly rows: ReadonlyArray<RepeatRowView>
    readonly problem: string | null
  }
  readonly preview: {
    readonly sending: boolean
    readonly problem: string | null
    readonly failure: string | null
    readonly report: ReportView | null
    readonly createLabel: string
    readonly canCreate: boolean
    readonly creating: boolean
  }
  readonly created: ReportView | null
  readonly template: {
    readonly offered: boolean
    readonly what: string
    readonly name: string
    readonly saving: boolean
    /** What the server said of the last save: saved, refused (a taken name), or not reached (retry). */
    readonly notice: NoticeView | null
    readonly retry: boolean
    /** The template a removal waits on, and whether it is under way or failed. */
    readonly removal: { readonly name: string; readonly removing: boolean; readonly failed: boolean } | null
    /** What the server said of the last removal. */
    readonly removalNotice: NoticeView | null
  }
}

const templateDetail = (template: { kind: string; days: number; workouts: number; exercises: ReadonlyArray<string> }) =>
  [
    template.kind === "week"
      ? `Week, ${plural(template.days, "day")}`
      : template.kind === "program"
        ? `Program, ${plural(template.days, "day")}`
        : "Workout",
    plural(template.workouts, "workout"),
    template.exercises.join(", ")
  ]
    .filter((part) => part !== "")
    .join(" · ")

const noticeText = (notice: TemplateNotice): string => {
  switch (notice.kind) {
    case "saved":
      return `Saved as template “${notice.name}”`
    case "removed":
      return `Removed template “${notice.name}”`
    case "refused":
    case "failed":
      return notice.message
  }
}

const aboutOf = (notice: TemplateNotice): TemplateCall =>
  notice.kind === "saved" ? "save" : notice.kind === "removed" ? "remove" : notice.about

const inPlan = (snapshot: CopyPlanSnapshot, state: string) => snapshot.matches({ ready: { plan: state } } as never)
const inLibrary = (snapshot: CopyPlanSnapshot, state: string) =>
  snapshot.matches({ ready: { library: state } } as never)

const inTemplatePages = (snapshot: CopyPlanSnapshot, state: string) =>
  snapshot.matches({ ready: { templatePages: state } } as never)

const problemFor = (snapshot: CopyPlanSnapshot, part: PlanPart): string | null =>
  snapshot.context.problem?.part === part ? snapshot.context.problem.message : null

const statusOf = (snapshot: CopyPlanSnapshot): CopyPlanView["status"] =>
  snapshot.matches("loading")
    ? "loading"
    : snapshot.matches("loadFailed")
      ? "loadFailed"
      : snapshot.matches("notFound")
        ? "notFound"
        : "ready"

export const selectCopyPlan = (snapshot: CopyPlanSnapshot): CopyPlanView => {
  const { context } = snapshot
  const clients = activeClients(context.clients)
  const nameOf = (clientId: UserId) => clients.find((client) => client.id === clientId)?.name ?? `Client ${clientId}`
  const sourceName = clients.find((client) => client.id === context.clientId)?.name
  const weekStart = startOfWeek(context.date)
  const options: Array<SourceOptionView> = [
    ...(context.workoutOrder === null
      ? []
      : [
          { value: "workout" as const, label: "This workout", detail: `Workout ${context.workoutOrder + 1} of the day` }
        ]),
    { value: "day", label: "This day", detail: formatLongUsDate(context.date) },
    {
      value: "week",
      label: "This week",
      detail: `${shortDayLabel(weekStart)} – ${shortDayLabel(addDays(weekStart, 6))}`
    }
  ]
  const previewReport = inPlan(snapshot, "created") ? null : context.report
  const created = inPlan(snapshot, "created") && context.report !== null ? reportView(context.report, nameOf) : null
  const preview = previewReport === null ? null : reportView(previewReport, nameOf)
  const removal = context.templates.find((template) => template.id === context.removal) ?? null
  const templateSource = templateSourceOf(context)
  const notice = context.templateNotice
  return {
    status: statusOf(snapshot),
    heading: `Copy ${sourceName === undefined ? "" : `${sourceName}’s `}${formatLongUsDate(context.date)}`,
    loadError: snapshot.matches("loadFailed") ? context.failure : snapshot.matches("notFound") ? NOT_YOUR_CLIENT : null,
    backToDay: { userId: String(context.clientId), date: isoToRouteDate(context.date) },
    locked: !snapshot.can({ type: "busyDays.change", add: context.addOnBusyDays }),
    source: {
      chosen: context.source,
      options,
      templates: context.templates.map((template) => ({
        id: template.id,
        name: template.name,
        detail: templateDetail(template),
        chosen: context.source === "template" && context.templateId === template.id
      })),
      more:
        context.templatesNext === null
          ? null
          : {
              loading: inTemplatePages(snapshot, "loading"),
              failure: inTemplatePages(snapshot, "failed") ? context.templatesFailure : null
            },
      problem: problemFor(snapshot, "source")
    },
    targets: {
      clients: clients.map((client) => ({ ...client, chosen: context.targets.includes(client.id) })),
      onlySource: clients.every((client) => client.id === context.clientId),
      start: context.start,
      addOnBusyDays: context.addOnBusyDays,
      problem: problemFor(snapshot, "targets")
    },
    repeats: {
      count: context.repeats.length,
      max: COPY_LIMITS.weeks,
      rows: context.repeats.map((row, week) => ({
        ...row,
        week,
        label: `Week ${week + 1}`,
        startsOn: isIsoDate(context.start) ? `from ${shortDayLabel(addDays(context.start, 7 * week))}` : ""
      })),
      problem: problemFor(snapshot, "repeats")
    },
    preview: {
      sending: inPlan(snapshot, "previewing"),
      problem: problemFor(snapshot, "plan"),
      failure: inPlan(snapshot, "previewFailed") || inPlan(snapshot, "createFailed") ? context.failure : null,
      report: preview,
      createLabel: `Create ${plural(preview?.created ?? 0, "day")}`,
      canCreate: snapshot.can({ type: "plan.create" }),
      creating: inPlan(snapshot, "creating")
    },
    created,
    template: {
      offered: templateSource !== null,
      what: templateSource?.kind === "week" ? "this week" : "this workout",
      name: context.templateName,
      saving: inLibrary(snapshot, "saving"),
      notice: notice === null || aboutOf(notice) !== "save" ? null : { kind: notice.kind, text: noticeText(notice) },
      removalNotice:
        notice === null || aboutOf(notice) !== "remove" ? null : { kind: notice.kind, text: noticeText(notice) },
      retry: inLibrary(snapshot, "saveFailed") || inLibrary(snapshot, "removeFailed"),
      removal:
        removal === null
          ? null
          : {
              name: removal.name,
              removing: inLibrary(snapshot, "removing"),
              failed: inLibrary(snapshot, "removeFailed")
            }
    }
  }
}
