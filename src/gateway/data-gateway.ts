/**
 * The browser side of the data contract (#domain/data-api.ts): the same token, retry and errors
 * as the main gateway (./gateway.ts), in a module of its own so only "Your data" and the
 * coach's import screens load it. Rejects with a DeclaredError or a GatewayDefect.
 */
import { DataApi } from "#domain/data-api.ts"
import {
  EXPORT_ACCOUNT_PATH,
  type ExportFormat,
  exportHistoryPath,
  type ImportChunk,
  type ImportId
} from "#domain/history-import.ts"
import type { UserId } from "#domain/ids.ts"
import type { ImportProgramPayload } from "#domain/program.ts"
import type { RosterRow } from "#domain/roster-import.ts"
import type { TemplateId } from "#domain/templates.ts"
import { exportFile, type ExportedFile } from "./export-file.ts"
import { contractCalls, promiseCalls, type GatewayOptions, type PromiseCalls } from "./gateway.ts"

const makeDataCalls = contractCalls(DataApi, (client) => ({
  /** Stores one chunk of an import; sessions stored before are counted, not stored again. */
  importChunk: (payload: ImportChunk) => client.imports.importChunk({ payload }),
  /** The caller's imports, newest first. */
  imports: () => client.imports.imports({}),
  /** Takes an import back, whole, within a day. */
  undoImport: (importId: ImportId) => client.imports.undoImport({ payload: { import_id: importId } }),
  /** Invites a coach's roster, row by row: each row's outcome, then the coach's list. */
  importClients: (rows: ReadonlyArray<RosterRow>) => client.roster.importClients({ payload: { rows } }),
  /** Keeps a program as one of the coach's templates, under `name`. */
  importProgram: (payload: ImportProgramPayload) => client.programs.importProgram({ payload }),
  /** One of the coach's templates as a program, to be written as a file. */
  templateProgram: (templateId: TemplateId) => client.programs.templateProgram({ params: { templateId } })
}))

/** The streamed exports, beside the contract: each answers a file to save. */
interface ExportCalls {
  /** A lifter's whole history (the lifter, or their coach), in one of EXPORT_FORMATS. */
  readonly exportHistory: (clientId: UserId, format: ExportFormat) => Promise<ExportedFile>
  /** A coach's whole account as one zip. */
  readonly exportAccount: () => Promise<ExportedFile>
}

export type DataGateway = PromiseCalls<ReturnType<typeof makeDataCalls>> & ExportCalls

export const makeDataGateway = (options: GatewayOptions): DataGateway => ({
  ...promiseCalls(makeDataCalls(options)),
  exportHistory: (clientId, format) =>
    exportFile(options, exportHistoryPath(clientId, format), `history.${format === "json" ? "json" : "csv"}`),
  exportAccount: () => exportFile(options, EXPORT_ACCOUNT_PATH, "account.zip")
})
