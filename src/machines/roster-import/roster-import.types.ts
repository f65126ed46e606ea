import type { RosterFile } from "#domain/roster-file.ts"
import type { RosterReport, RosterRow } from "#domain/roster-import.ts"

/*
 * A coach brings their roster (docs/decisions/049, "Programs and rosters"): a CSV is read
 * in the browser, shown as a preview, and sent once the coach confirms; the server's
 * report says what became of each row.
 */

/** A file the coach picked: its name, and its text read when asked (a browser File is one). */
export interface PickedFile {
  readonly name: string
  readonly text: () => Promise<string>
}

export interface RosterImportContext {
  /** The file picked last: its name, and what the preview read of it (null until read). */
  readonly fileName: string
  readonly file: RosterFile | null
  /** The server's report of the last import. */
  readonly report: RosterReport | null
  /** Why the file could not be read, or the import not done, in words. */
  readonly failure: string | null
}

export type RosterImportEvent =
  | { readonly type: "file.pick"; readonly file: PickedFile }
  | { readonly type: "import.confirm" }
  | { readonly type: "import.cancel" }
  | { readonly type: "import.retry" }
  | { readonly type: "import.again" }

/** What the import call sends: every row of the file, in order. */
export interface ImportRosterInput {
  readonly rows: ReadonlyArray<RosterRow>
}
