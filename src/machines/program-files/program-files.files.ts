import {
  parseProgramCsv,
  parseProgramJson,
  printProgramCsv,
  printProgramJson,
  programNameOfFile,
  type ProgramReading
} from "#domain/program-format.ts"
import type { Program } from "#domain/program.ts"
import { fileNameOf } from "./program-files.machine.ts"
import type { PickedFile, ProgramFile, ProgramFormat } from "./program-files.types.ts"

/*
 * The program files' readers and writers, in a module of their own: the actors fetch it when
 * a file is picked or written, so the copy screen's first load carries no CSV parser
 * (docs/decisions/047).
 */

/** A JSON file by its name (or its first character); anything else is read as CSV. */
const isJson = (file: PickedFile, text: string) => /\.json$/i.test(file.name) || text.trimStart().startsWith("{")

/** The file as the format it is in, named by the file when the format carries no name (CSV). */
export const readProgramFile = (file: PickedFile, text: string): ProgramReading =>
  isJson(file, text) ? parseProgramJson(text) : parseProgramCsv(text, programNameOfFile(file.name))

/** A template's program as the file the coach asked for: what import reads back. */
export const programFile = (program: Program, format: ProgramFormat): ProgramFile =>
  format === "csv"
    ? { fileName: fileNameOf(program.name, "csv"), type: "text/csv", text: printProgramCsv(program) }
    : { fileName: fileNameOf(program.name, "json"), type: "application/json", text: printProgramJson(program) }
