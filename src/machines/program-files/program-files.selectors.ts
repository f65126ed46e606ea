import type { ActorRefFrom, SnapshotFrom } from "xstate"
import { programSummary } from "#domain/program.ts"
import type { ProgramFilesMachine } from "./program-files.machine.ts"
import { FIX_THE_FILE } from "./program-files.machine.ts"
import { countText } from "#domain/count-text.ts"

export type ProgramFilesSnapshot = SnapshotFrom<ProgramFilesMachine>
export type ProgramFilesActorRef = ActorRefFrom<ProgramFilesMachine>

export type ImportStatus = "idle" | "reading" | "previewing" | "saving" | "saved" | "failed"
export type ExportStatus = "idle" | "exporting" | "failed"

export const READING = "Reading the file…"
export const SAVING = "Saving the program…"
export const NOT_SAVED = "The program was not saved."
export const NOT_EXPORTED = "The program was not written."

export interface ProgramPreviewView {
  readonly caption: string
  /** Counted as the coach reads a program: weeks, days, workouts, exercises, sets. */
  readonly counts: ReadonlyArray<{ readonly label: string; readonly value: number }>
  /** One row per day with workouts: week, day, and what each workout holds. */
  readonly days: ReadonlyArray<{
    readonly key: string
    readonly week: number
    readonly day: number
    readonly workouts: string
  }>
  /** Every problem of the file, with its line when one says it. */
  readonly problems: ReadonlyArray<string>
  readonly problemsNote: string | null
}

export interface ProgramFilesView {
  readonly importStatus: ImportStatus
  readonly exportStatus: ExportStatus
  readonly fileName: string
  readonly preview: ProgramPreviewView | null
  readonly name: string
  /** What the server said no to, beside the name. */
  readonly refusal: string | null
  /** Why the file was not read, or the program not saved. */
  readonly failure: string | null
  readonly canSave: boolean
  /** The import's status line: under way, saved. */
  readonly importNotice: string
  /** The export's status line: under way, written. */
  readonly exportNotice: string
  /** Which template's export is under way, by id, to say so on its button. */
  readonly exportingId: number | null
  readonly exportFailure: string | null
}

const importStatusOf = (snapshot: ProgramFilesSnapshot): ImportStatus => {
  for (const status of ["reading", "previewing", "saving", "saved", "failed"] as const) {
    if (snapshot.matches({ import: status })) return status
  }
  return "idle"
}

const exportStatusOf = (snapshot: ProgramFilesSnapshot): ExportStatus =>
  snapshot.matches({ export: "exporting" }) ? "exporting" : snapshot.matches({ export: "failed" }) ? "failed" : "idle"

const lineText = (problem: { readonly line: number | null; readonly message: string }) =>
  problem.line === null ? problem.message : `Line ${problem.line}: ${problem.message}`

export const selectProgramFiles = (snapshot: ProgramFilesSnapshot): ProgramFilesView => {
  const { fileName, reading, name, refusal, failure, saved, exporting, exported, exportFailure } = snapshot.context
  const importStatus = importStatusOf(snapshot)
  const exportStatus = exportStatusOf(snapshot)
  const shown = importStatus === "previewing" || importStatus === "saving" || importStatus === "failed"
  const program = reading?.program ?? null
  const summary = program === null ? null : programSummary(program)
  const preview: ProgramPreviewView | null =
    !shown || reading === null
      ? null
      : {
          caption: `What ${fileName} holds`,
          counts:
            summary === null
              ? []
              : [
                  { label: "Weeks", value: summary.weeks },
                  { label: "Days", value: summary.days },
                  { label: "Workouts", value: summary.workouts },
                  { label: "Exercises", value: summary.exercises },
                  { label: "Sets", value: summary.sets }
                ],
          days: (program?.weeks ?? []).flatMap((week) =>
            week.days.map((day) => ({
              key: `${week.week}/${day.day}`,
              week: week.week,
              day: day.day,
              workouts: day.workouts
                .map((workout) => {
                  const exercises = workout.exercises.map(
                    (exercise) => `${exercise.name} ${countText(exercise.sets.length, "set")}`
                  )
                  return `${workout.title === undefined ? "" : `${workout.title}: `}${exercises.join(", ")}`
                })
                .join("; ")
            }))
          ),
          problems: reading.problems.map(lineText),
          problemsNote: reading.problems.length === 0 ? null : FIX_THE_FILE
        }
  const importNotice =
    importStatus === "reading"
      ? READING
      : importStatus === "saving"
        ? SAVING
        : importStatus === "saved" && saved !== null
          ? `Saved “${saved.name}” as a template. Choose it under “Or a template” to apply it.`
          : ""
  const exportNotice =
    exportStatus === "exporting" && exporting !== null
      ? `Writing ${exporting.name} as ${exporting.format.toUpperCase()}…`
      : exported === null
        ? ""
        : `Exported ${exported}.`
  return {
    importStatus,
    exportStatus,
    fileName,
    preview,
    name,
    refusal,
    failure,
    canSave: snapshot.can({ type: "program.save" }),
    importNotice,
    exportNotice,
    exportingId: exporting?.templateId ?? null,
    exportFailure: exportStatus === "failed" ? exportFailure : null
  }
}
