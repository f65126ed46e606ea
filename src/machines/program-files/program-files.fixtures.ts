import { parseProgramCsv, parseProgramJson } from "#domain/program-format.ts"
import type { Template, TemplateId } from "#domain/templates.ts"
import { unansweredCalls } from "#gateway/lazy-calls.ts"
import type { ProgramFilesPorts } from "./program-files.actors.ts"
import type { PickedFile, ProgramFilesContext } from "./program-files.types.ts"

// A coach's program file, what it reads as, and the template it becomes, for stories and tests. No network.

export const PROGRAM_CSV = [
  "week,day,workout,exercise,sets,reps,load",
  "1,1,Heavy,Back Squat,3,5,100 kg",
  "1,3,,Bench Press,3,8,75%",
  "2,1,Heavy,Back Squat,3,5,105 kg",
  "2,5,,Deadlift,1,3,RPE 8",
  ""
].join("\n")

export const BROKEN_CSV = [
  "week,day,workout,exercise,sets,reps,load",
  "1,1,,Back Squat,3,5,100 kg",
  "1,9,,Bench Press,3,eight,75%",
  ""
].join("\n")

/** A picked file whose text is `text` (the browser's File, as far as the machine goes). */
export const pickedFile = (text: string, name: string): PickedFile => ({ name, text: () => Promise.resolve(text) })

export const programReading = parseProgramCsv(PROGRAM_CSV, "Base block")
export const brokenReading = parseProgramCsv(BROKEN_CSV, "Broken block")
export const notJsonReading = parseProgramJson("{ weeks: ")

export const baseBlock: Template = {
  id: 41 as TemplateId,
  name: "Base block",
  kind: "program",
  days: 12,
  workouts: 4,
  exercises: ["Back Squat", "Bench Press", "Deadlift"]
}

export const programContext = (overrides: Partial<ProgramFilesContext> = {}): ProgramFilesContext => ({
  fileName: "Base block.csv",
  reading: programReading,
  name: "Base block",
  refusal: null,
  failure: null,
  saved: null,
  exporting: null,
  exported: null,
  exportFailure: null,
  ...overrides
})

export const idleProgramContext = programContext({ fileName: "", reading: null, name: "" })

/** A gateway that never answers, so a story stays in the state it shows. */
export const storyProgramFilesPorts: ProgramFilesPorts = {
  data: unansweredCalls(),
  listTemplate: () => undefined,
  saveFile: () => undefined
}
