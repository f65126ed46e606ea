import type { ActorRefFrom, SnapshotFrom } from "xstate"
import type { RosterOutcome } from "#domain/roster-import.ts"
import type { RosterImportMachine } from "./roster-import.machine.ts"
import { countText } from "#domain/count-text.ts"

export type RosterImportSnapshot = SnapshotFrom<RosterImportMachine>
export type RosterImportActorRef = ActorRefFrom<RosterImportMachine>

export type RosterImportStatus = "idle" | "reading" | "previewing" | "importing" | "reported" | "failed"

/** How each outcome reads in the report's table. */
export const OUTCOME_LABELS: { readonly [O in RosterOutcome]: string } = {
  invited: "Invited",
  "already-invited": "Already invited",
  "already-linked": "Already a client",
  declined: "Declined",
  "not-an-email": "Not an email",
  duplicate: "Repeated",
  "limit-reached": "Limit reached",
  refused: "Not added"
}

export const LOOKS_RIGHT = "Looks right"
export const READING = "Reading the file…"
export const IMPORTING = "Sending the invitations…"
export const NOT_IMPORTED = "The clients were not imported."

export interface PreviewView {
  readonly caption: string
  readonly rows: ReadonlyArray<{
    readonly line: number
    readonly name: string
    readonly email: string
    readonly check: string
    readonly invalid: boolean
  }>
  /** What stops the file from being sent; empty when Confirm may send it. */
  readonly problems: ReadonlyArray<string>
}

export interface ReportView {
  readonly caption: string
  /** Said once the server answered: how many were invited, how many were not. */
  readonly summary: string
  readonly rows: ReadonlyArray<{
    /** The row's line in the file, as the preview showed it. */
    readonly line: number
    readonly email: string
    readonly outcome: string
    readonly message: string
    readonly invited: boolean
  }>
}

export interface RosterImportView {
  readonly status: RosterImportStatus
  readonly fileName: string
  readonly preview: PreviewView | null
  readonly report: ReportView | null
  /** "Reading the file…", "Sending the invitations…" while under way. */
  readonly busy: string | null
  /** Why the file was not read, or the import not done. */
  readonly failure: string | null
  readonly canConfirm: boolean
  readonly canRetry: boolean
}

const statusOf = (snapshot: RosterImportSnapshot): RosterImportStatus => {
  for (const status of ["reading", "previewing", "importing", "reported", "failed"] as const) {
    if (snapshot.matches(status)) return status
  }
  return "idle"
}

export const selectRosterImport = (snapshot: RosterImportSnapshot): RosterImportView => {
  const { fileName, file, report, failure } = snapshot.context
  const status = statusOf(snapshot)
  const flagged = file?.rows.filter((row) => row.problem !== null).length ?? 0
  const preview: PreviewView | null =
    file === null || status === "reported"
      ? null
      : {
          caption: `${fileName}: ${countText(file.rows.length, "row")}, ${flagged === 0 ? "all look right" : `${flagged} will not be invited`}`,
          rows: file.rows.map((row) => ({
            line: row.line,
            name: row.name,
            email: row.email,
            check: row.problem ?? LOOKS_RIGHT,
            invalid: row.problem !== null
          })),
          problems: file.problems
        }
  const invited = report?.rows.filter((row) => row.outcome === "invited").length ?? 0
  const reportView: ReportView | null =
    report === null || status !== "reported"
      ? null
      : {
          caption: `What became of each row of ${fileName}`,
          summary: `Import done: ${countText(invited, "invitation")} sent, ${countText(report.rows.length - invited, "row")} not invited.`,
          rows: report.rows.map((row) => ({
            line: file?.rows[row.line - 1]?.line ?? row.line,
            email: row.email,
            outcome: OUTCOME_LABELS[row.outcome],
            message: row.message,
            invited: row.outcome === "invited"
          }))
        }
  return {
    status,
    fileName,
    preview,
    report: reportView,
    busy: status === "reading" ? READING : status === "importing" ? IMPORTING : null,
    failure,
    canConfirm: snapshot.can({ type: "import.confirm" }),
    canRetry: snapshot.can({ type: "import.retry" })
  }
}
