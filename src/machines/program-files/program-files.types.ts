import type { ProgramReading } from "#domain/program-format.ts"
import type { ImportProgramPayload, Program } from "#domain/program.ts"
import type { Template, TemplateId } from "#domain/templates.ts"

/*
 * A coach's program files beside their templates (docs/decisions/049, "Programs and
 * rosters"): a CSV or JSON program is read in the browser, previewed, named and kept as a
 * template; any template is written back as either file, built in the browser from the
 * server's program.
 */

/** A file the coach picked: its name, and its text read when asked (a browser File is one). */
export interface PickedFile {
  readonly name: string
  readonly text: () => Promise<string>
}

/** The two files a program is written as. */
export type ProgramFormat = "csv" | "json"

/** A file to hand to the browser to save. */
export interface ProgramFile {
  readonly fileName: string
  readonly type: string
  readonly text: string
}

/** A template being written as a file. */
export interface ExportTarget {
  readonly templateId: TemplateId
  readonly name: string
  readonly format: ProgramFormat
}

export interface ProgramFilesContext {
  /** The file picked last, and what was read of it (null until read). */
  readonly fileName: string
  readonly reading: ProgramReading | null
  /** The template's name, as typed (the program's own, or the file's, at first). */
  readonly name: string
  /** What the server said no to (a taken name, say), in its words; cleared by an edit. */
  readonly refusal: string | null
  /** Why the file could not be read, or the save not done, in words. */
  readonly failure: string | null
  /** The template the last save made. */
  readonly saved: Template | null
  readonly exporting: ExportTarget | null
  /** The last file written: "Base block.csv". */
  readonly exported: string | null
  /** Why the last export was not written, in words (the server's, for a template a file cannot hold). */
  readonly exportFailure: string | null
}

export type ProgramFilesEvent =
  | { readonly type: "program.pick"; readonly file: PickedFile }
  | { readonly type: "name.change"; readonly name: string }
  | { readonly type: "program.save" }
  | { readonly type: "import.cancel" }
  | { readonly type: "import.retry" }
  | { readonly type: "import.done" }
  | {
      readonly type: "template.export"
      readonly templateId: TemplateId
      readonly name: string
      readonly format: ProgramFormat
    }
  | { readonly type: "export.dismiss" }

export type SaveProgramInput = ImportProgramPayload
export type { Program }
