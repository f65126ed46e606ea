import { fromPromise } from "xstate"
import type { ProgramReading } from "#domain/program-format.ts"
import type { Template, TemplateId } from "#domain/templates.ts"
import type { DataGateway } from "#gateway/data-gateway.ts"
import type { PickedFile, ProgramFile, ProgramFormat, SaveProgramInput } from "./program-files.types.ts"

/**
 * What the program files need from outside: the two calls, the screen's list of templates
 * to take a new one, and the browser to save a file.
 */
export interface ProgramFilesPorts {
  readonly data: Pick<DataGateway, "importProgram" | "templateProgram">
  readonly listTemplate: (template: Template) => void
  readonly saveFile: (file: ProgramFile) => void
}

// The readers and writers come with the first file picked or written (program-files.files.ts).
const files = () => import("./program-files.files.ts")

/** The program files' real actors and actions, for `programFilesMachine.provide(...)`. */
export function programFilesImplementations(ports: ProgramFilesPorts) {
  return {
    actors: {
      // The picked file reads its own text (a browser File does); the domain reads the program in it.
      readProgram: fromPromise<ProgramReading, { readonly file: PickedFile }>(async ({ input }) => {
        const [{ readProgramFile }, text] = await Promise.all([files(), input.file.text()])
        return readProgramFile(input.file, text)
      }),
      saveProgram: fromPromise<Template, SaveProgramInput>(async ({ input }) => ports.data.importProgram(input)),
      // The server's program, written in the browser as the file asked for.
      templateProgram: fromPromise<ProgramFile, { readonly templateId: TemplateId; readonly format: ProgramFormat }>(
        async ({ input }) => {
          const [{ programFile }, program] = await Promise.all([files(), ports.data.templateProgram(input.templateId)])
          return programFile(program, input.format)
        }
      )
    },
    actions: {
      listTemplate: (_: unknown, { template }: { template: Template }) => ports.listTemplate(template),
      writeFile: (_: unknown, { file }: { file: ProgramFile }) => ports.saveFile(file)
    }
  }
}
