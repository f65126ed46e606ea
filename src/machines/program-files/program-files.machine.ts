import { assign, fromPromise, setup } from "xstate"
import { hasTag } from "#domain/declared-errors.ts"
import type { ProgramReading } from "#domain/program-format.ts"
import { TemplateName, type Template, type TemplateId } from "#domain/templates.ts"
import * as Schema from "effect/Schema"
import { describeFailure } from "../failure-text.ts"
import type {
  ExportTarget,
  PickedFile,
  ProgramFilesContext,
  ProgramFilesEvent,
  ProgramFile,
  ProgramFormat,
  SaveProgramInput
} from "./program-files.types.ts"

// The copy screen's program files (docs/decisions/049): a CSV or JSON program is read in
// the browser, previewed with every problem its lines have, named and kept as a template
// (nothing is said to be saved before the server answered, and the new template joins
// the screen's list); any template is written back as a file built from the server's
// program. Importing and exporting go on side by side (program-files.actors.ts).

/** Why a file could not be read at all. */
export const FILE_NOT_READ = "The file could not be read. Choose a program as a CSV or JSON file."
/** A program that may not be kept as it is: its problems are listed beside it. */
export const FIX_THE_FILE = "Fix these lines in the file, then choose it again."

const isTemplateName = Schema.is(TemplateName)

const initialImport = { fileName: "", reading: null, name: "", refusal: null, failure: null, saved: null } as const

const saveInput = ({ context }: { context: ProgramFilesContext }): SaveProgramInput => {
  const program = context.reading?.program
  if (program === null || program === undefined) throw new Error("a program saved without one")
  const name = context.name.trim()
  return { name, program: { ...program, name } }
}

const pickFile = {
  target: "#programFiles.import.reading",
  actions: { type: "choose", params: ({ event }: { event: { file: PickedFile } }) => ({ name: event.file.name }) }
} as const

const exportTemplate = {
  target: "#programFiles.export.exporting",
  actions: {
    type: "chooseExport",
    params: ({ event }: { event: ExportTarget }) => ({
      target: { templateId: event.templateId, name: event.name, format: event.format }
    })
  }
} as const

export const programFilesMachine = setup({
  types: { context: {} as ProgramFilesContext, events: {} as ProgramFilesEvent },
  actors: {
    readProgram: fromPromise<ProgramReading, { readonly file: PickedFile }>(() =>
      Promise.reject(new Error("readProgram was not provided"))
    ),
    saveProgram: fromPromise<Template, SaveProgramInput>(() =>
      Promise.reject(new Error("saveProgram was not provided"))
    ),
    templateProgram: fromPromise<ProgramFile, { readonly templateId: TemplateId; readonly format: ProgramFormat }>(() =>
      Promise.reject(new Error("templateProgram was not provided"))
    )
  },
  guards: {
    canSave: ({ context }) =>
      context.reading?.program != null && context.reading.problems.length === 0 && isTemplateName(context.name.trim()),
    isRefusal: (_, { error }: { error: unknown }) => hasTag(error, "TemplateNameTaken", "BadRequest")
  },
  actions: {
    choose: assign((_, { name }: { name: string }) => ({ ...initialImport, fileName: name })),
    rememberReading: assign((_, { reading }: { reading: ProgramReading }) => ({
      reading,
      name: reading.program?.name ?? ""
    })),
    changeName: assign((_, { name }: { name: string }) => ({ name, refusal: null })),
    rememberSaved: assign((_, { template }: { template: Template }) => ({ saved: template, failure: null })),
    rememberRefusal: assign((_, { error }: { error: unknown }) => ({ refusal: describeFailure(error) })),
    rememberFailure: assign((_, { error }: { error: unknown }) => ({ failure: describeFailure(error) })),
    sayNotRead: assign({ failure: FILE_NOT_READ }),
    clearFailure: assign({ failure: null }),
    forgetImport: assign(initialImport),
    chooseExport: assign((_, { target }: { target: ExportTarget }) => ({
      exporting: target,
      exported: null,
      exportFailure: null
    })),
    rememberExportFailure: assign((_, { error }: { error: unknown }) => ({ exportFailure: describeFailure(error) })),
    noteExported: assign(({ context }) => ({
      exported: context.exporting === null ? null : fileNameOf(context.exporting.name, context.exporting.format),
      exporting: null
    })),
    forgetExport: assign({ exporting: null, exportFailure: null }),
    /** The route's: the screen's list of templates takes the new one. */
    listTemplate: (_, _params: { template: Template }) => undefined,
    /** The route's: the browser saves the file. */
    writeFile: (_, _params: { file: ProgramFile }) => undefined
  }
}).createMachine({
  id: "programFiles",
  type: "parallel",
  context: { ...initialImport, exporting: null, exported: null, exportFailure: null },
  states: {
    import: {
      initial: "idle",
      states: {
        idle: { on: { "program.pick": pickFile } },
        reading: {
          invoke: {
            id: "readProgram",
            src: "readProgram",
            input: ({ event }) => {
              if (event.type !== "program.pick") throw new Error("reading starts with a picked file")
              return { file: event.file }
            },
            onDone: {
              target: "previewing",
              actions: { type: "rememberReading", params: ({ event }) => ({ reading: event.output }) }
            },
            onError: { target: "idle", actions: "sayNotRead" }
          }
        },
        // What the file holds and every problem; nothing is sent before Save.
        previewing: {
          on: {
            "name.change": { actions: { type: "changeName", params: ({ event }) => ({ name: event.name }) } },
            "program.save": { guard: "canSave", target: "saving" },
            "import.cancel": { target: "idle", actions: "forgetImport" },
            "program.pick": pickFile
          }
        },
        saving: {
          invoke: {
            id: "saveProgram",
            src: "saveProgram",
            input: saveInput,
            onDone: {
              target: "saved",
              actions: [
                { type: "rememberSaved", params: ({ event }) => ({ template: event.output }) },
                { type: "listTemplate", params: ({ event }) => ({ template: event.output }) }
              ]
            },
            onError: [
              {
                // A taken name (or a program the server refuses) is the coach's to change, beside the name.
                guard: { type: "isRefusal", params: ({ event }) => ({ error: event.error }) },
                target: "previewing",
                actions: { type: "rememberRefusal", params: ({ event }) => ({ error: event.error }) }
              },
              {
                target: "failed",
                actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) }
              }
            ]
          }
        },
        saved: { on: { "import.done": { target: "idle", actions: "forgetImport" }, "program.pick": pickFile } },
        // The preview stays; Try again sends the same program (a save of one name and content is idempotent).
        failed: {
          on: {
            "import.retry": { target: "saving", actions: "clearFailure" },
            "import.cancel": { target: "previewing", actions: "clearFailure" }
          }
        }
      }
    },
    export: {
      initial: "idle",
      states: {
        idle: { on: { "template.export": exportTemplate } },
        exporting: {
          invoke: {
            id: "templateProgram",
            src: "templateProgram",
            input: ({ context }) => {
              if (context.exporting === null) throw new Error("an export without its template")
              return { templateId: context.exporting.templateId, format: context.exporting.format }
            },
            onDone: {
              target: "idle",
              actions: [{ type: "writeFile", params: ({ event }) => ({ file: event.output }) }, "noteExported"]
            },
            onError: {
              target: "failed",
              actions: { type: "rememberExportFailure", params: ({ event }) => ({ error: event.error }) }
            }
          }
        },
        failed: {
          on: {
            "template.export": exportTemplate,
            "export.dismiss": { target: "idle", actions: "forgetExport" }
          }
        }
      }
    }
  }
})

/** "Base block.csv": the file a template is written as. */
export const fileNameOf = (name: string, format: ProgramFormat): string => `${name}.${format}`

export type ProgramFilesMachine = typeof programFilesMachine
