/**
 * The contract of bringing data in and taking it away (docs/decisions/049-import-and-export.md):
 * the same stage, middleware and error bodies as `Api` (./api.ts), in a contract of its own so
 * the gateway chunk every signed-in screen loads does not carry it (as ./done-work-api.ts);
 * only "Your data" and the coach's import screens read it. Exports are streamed routes beside
 * the contract (server/exports), documented with it (server/api.ts).
 */
import * as HttpApi from "effect/http-api/HttpApi"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import { API_STAGE, Authentication, InputValidation } from "./api.ts"
import { BadRequest, Conflict, Forbidden } from "./api-errors.ts"
import { ImportChunk, ImportChunkReport, ImportRecord, ImportRecords, UndoImportPayload } from "./history-import.ts"
import { ImportKeyReused, ImportNotFound, UndoWindowPassed } from "./import-errors.ts"
import { ImportProgramPayload, Program } from "./program.ts"
import { RosterImportPayload, RosterReport } from "./roster-import.ts"
import { TemplateNameTaken, TemplateNotFound } from "./template-errors.ts"
import { Template, TemplateId } from "./templates.ts"
import { EmailNotVerified } from "./user-errors.ts"

export const ImportsGroup = HttpApiGroup.make("imports").add(
  HttpApiEndpoint.post("importChunk", "/api/imports/chunk", {
    payload: ImportChunk,
    success: ImportChunkReport,
    error: [BadRequest, Forbidden, ImportKeyReused]
  }),
  HttpApiEndpoint.get("imports", "/api/imports", {
    success: ImportRecords,
    error: Forbidden
  }),
  HttpApiEndpoint.post("undoImport", "/api/imports/undo", {
    payload: UndoImportPayload,
    success: ImportRecord,
    error: [Forbidden, ImportNotFound, UndoWindowPassed]
  })
)

/** A coach invites a roster: each row as addClient invites one, each with its outcome (roster-import.ts). */
export const RosterGroup = HttpApiGroup.make("roster").add(
  HttpApiEndpoint.post("importClients", "/api/clients/import", {
    payload: RosterImportPayload,
    success: RosterReport,
    error: [BadRequest, Forbidden, EmailNotVerified]
  })
)

/** A coach's programs: a program file becomes a template, and a template is read back as one (program.ts). */
export const ProgramsGroup = HttpApiGroup.make("programs").add(
  HttpApiEndpoint.post("importProgram", "/api/templates/import", {
    payload: ImportProgramPayload,
    success: Template,
    error: [BadRequest, Forbidden, TemplateNameTaken]
  }),
  HttpApiEndpoint.get("templateProgram", "/api/templates/:templateId/program", {
    params: { templateId: TemplateId },
    success: Program,
    error: [Forbidden, TemplateNotFound, Conflict]
  })
)

export const DataApi = HttpApi.make("strength-coach-data")
  .add(ImportsGroup)
  .add(RosterGroup)
  .add(ProgramsGroup)
  .middleware(InputValidation)
  .middleware(Authentication)
  .prefix(API_STAGE)

export type DataApi = typeof DataApi
