/**
 * The copy screen's program files (docs/decisions/049) walked by their model: both regions,
 * every state and transition, replayed on a running actor with its real implementations;
 * the picked file's text and the gateway are answered by the test. A program is sent only
 * from Save, only when its file had no problem and its name is one, under that name; the
 * screen's list takes a template only once the server kept it; a taken name is said beside
 * the name; an export hands the browser the file the import reads back.
 */
import { describe, expect, test } from "vitest"
import { type AnyActorRef, createActor, initialTransition } from "xstate"
import { Conflict } from "#domain/api-errors.ts"
import { parseProgramCsv, parseProgramJson } from "#domain/program-format.ts"
import type { Program } from "#domain/program.ts"
import { TemplateNameTaken } from "#domain/template-errors.ts"
import type { Template } from "#domain/templates.ts"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
import { programFilesImplementations } from "#machines/program-files/program-files.actors.ts"
import {
  baseBlock,
  BROKEN_CSV,
  brokenReading,
  PROGRAM_CSV,
  pickedFile,
  programReading
} from "#machines/program-files/program-files.fixtures.ts"
// Loaded here, as a picked file's reading loads it (program-files.actors.ts), so the replay's answers arrive in order.
import { programFile, readProgramFile } from "#machines/program-files/program-files.files.ts"
import { FILE_NOT_READ, FIX_THE_FILE, programFilesMachine } from "#machines/program-files/program-files.machine.ts"
import {
  type ProgramFilesSnapshot,
  READING,
  SAVING,
  selectProgramFiles
} from "#machines/program-files/program-files.selectors.ts"
import type { ProgramFile, ProgramFilesEvent } from "#machines/program-files/program-files.types.ts"
import { leafOf, modelOf } from "./client-model-walk.ts"
import { type ActorAnswer, deferredGateway, done, failure, oneCall, replayPath } from "./coach-stub-actors.ts"

type ModelEvent = ProgramFilesEvent | ReturnType<typeof done> | ReturnType<typeof failure> | { readonly type: string }

const serverDown = { _tag: "GatewayDefect", reason: "network", message: "The server could not be reached" }
const taken = new TemplateNameTaken({
  error: 'name: you already have a template named "Base block" with other content; choose another name'
})
const unwritable = new Conflict({
  error: "templateId: this template holds what a program file cannot: week 1, day 1, Squat has a backoff percentage"
})
const unreadable = new Error("NotReadableError")
const program = programReading.program as Program

const files = { good: pickedFile(PROGRAM_CSV, "Base block.csv"), broken: pickedFile(BROKEN_CSV, "broken.csv") }

const eventsFor = (): ReadonlyArray<ModelEvent> => [
  { type: "program.pick", file: files.good },
  { type: "program.pick", file: files.broken },
  { type: "name.change", name: "Block B" },
  { type: "name.change", name: " " },
  { type: "program.save" },
  { type: "import.cancel" },
  { type: "import.retry" },
  { type: "import.done" },
  { type: "template.export", templateId: baseBlock.id, name: baseBlock.name, format: "csv" },
  { type: "template.export", templateId: baseBlock.id, name: baseBlock.name, format: "json" },
  { type: "export.dismiss" },
  done("readProgram", programReading),
  done("readProgram", brokenReading),
  failure("readProgram", unreadable),
  done("saveProgram", baseBlock),
  failure("saveProgram", taken),
  failure("saveProgram", serverDown),
  done("templateProgram", program),
  failure("templateProgram", unwritable),
  failure("templateProgram", serverDown)
]

const serialize = (snapshot: ProgramFilesSnapshot) => {
  const { context } = snapshot
  return JSON.stringify([
    leafOf(snapshot),
    context.fileName,
    context.reading === null ? null : context.reading.problems.length,
    context.name,
    context.refusal !== null,
    context.failure,
    context.saved !== null,
    context.exporting?.format ?? null,
    context.exported,
    context.exportFailure
  ])
}

const walk = modelOf<ProgramFilesSnapshot, ModelEvent>(programFilesMachine, {
  input: undefined,
  events: eventsFor,
  serialize
})

const sendable = (snapshot: ProgramFilesSnapshot) =>
  snapshot.context.reading?.program != null &&
  snapshot.context.reading.problems.length === 0 &&
  snapshot.context.name.trim() !== ""

describe("the program files machine's model", () => {
  test("reaches every state the machine declares, each region's leaves with the other's", () => {
    const reached = [...new Set(walk.reachedStates.flatMap((state) => state.split("+")))].sort()
    expect(reached).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares, Save's guard and the refusal's included", () => {
    expect(walk.untakenTransitions).toEqual([])
  })

  test("anywhere in the walk, Save is offered and sends only a program that may be kept", () => {
    const states = walk.edges.flatMap((edge) => [edge.from, edge.path.state])
    expect(states.some((state) => state.matches({ import: "previewing" }) && !sendable(state))).toBe(true)
    for (const state of states) {
      expect(selectProgramFiles(state).canSave).toBe(state.matches({ import: "previewing" }) && sendable(state))
      if (state.matches({ import: "saving" })) expect(sendable(state)).toBe(true)
    }
  })
})

function deferredReads() {
  let pending: { resolve: (text: string) => void; reject: (error: unknown) => void } | undefined
  const take = () => {
    if (pending === undefined) throw new Error("no file is being read")
    const taken = pending
    pending = undefined
    return taken
  }
  const answer: ActorAnswer = {
    done: (output) => take().resolve(output === brokenReading ? BROKEN_CSV : PROGRAM_CSV),
    error: (error) => take().reject(error)
  }
  const read = (): Promise<string> =>
    new Promise((resolve, reject) => {
      pending = { resolve, reject }
    })
  return { read, answer, isReading: () => pending !== undefined }
}

function runningFiles() {
  const stubs = deferredGateway(["importProgram", "templateProgram"])
  const reads = deferredReads()
  const listed: Array<Template> = []
  const written: Array<ProgramFile> = []
  const machine = programFilesMachine.provide(
    programFilesImplementations({
      data: stubs.gateway,
      listTemplate: (template) => listed.push(template),
      saveFile: (file) => written.push(file)
    })
  )
  const actor = createActor(machine).start()
  return {
    stubs,
    reads,
    listed,
    written,
    actor,
    answers: {
      readProgram: reads.answer,
      saveProgram: oneCall(stubs, "importProgram"),
      templateProgram: oneCall(stubs, "templateProgram")
    }
  }
}

describe("the files the machine reads and writes", () => {
  test("a file is read as JSON by its name or its first character, else as CSV named by the file", () => {
    const asJson = JSON.stringify({ ...program, name: "From JSON" })
    expect(readProgramFile(pickedFile(asJson, "block.json"), asJson).program?.name).toBe("From JSON")
    expect(readProgramFile(pickedFile(asJson, "block.txt"), asJson).program?.name).toBe("From JSON")
    expect(readProgramFile(files.good, PROGRAM_CSV)).toEqual(programReading)
  })

  test("a program is written as the file the import reads back", () => {
    const csv = programFile(program, "csv")
    expect(csv).toMatchObject({ fileName: "Base block.csv", type: "text/csv" })
    expect(csv.text).toBe(PROGRAM_CSV)
    expect(programFile(program, "json")).toMatchObject({ fileName: "Base block.json", type: "application/json" })
  })
})

describe("running program files, driven along the model", () => {
  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const running = runningFiles()
    const { actor, stubs, reads, listed, written } = running
    const [initial] = initialTransition(programFilesMachine, undefined)
    let saves = 0
    let exports = 0
    // The live actor is sent files that read as the test answers.
    const liveActor = {
      send: (event: ModelEvent) =>
        actor.send(
          event.type === "program.pick" && "file" in event
            ? { type: "program.pick", file: { name: event.file.name, text: reads.read } }
            : (event as ProgramFilesEvent)
        )
    } as unknown as AnyActorRef
    await replayPath<ProgramFilesSnapshot, ModelEvent>(
      initial,
      edge.path,
      liveActor,
      running.answers,
      (expected, event) => {
        const actual = actor.getSnapshot()
        expect(leafOf(actual)).toBe(leafOf(expected))
        expect(actual.context).toEqual(expected.context)
        const view = selectProgramFiles(actual)
        const reading = actual.matches({ import: "reading" })
        const saving = actual.matches({ import: "saving" })
        const exporting = actual.matches({ export: "exporting" })
        expect(reads.isReading()).toBe(reading)
        // Saved under the name typed, trimmed, the file's program renamed to it.
        expect(stubs.isWaitingFor("importProgram")).toBe(saving)
        if (saving) {
          const name = actual.context.name.trim()
          expect(stubs.argsOf("importProgram")).toEqual([{ name, program: { ...program, name } }])
          expect(view.importNotice).toBe(SAVING)
        }
        if (reading) expect(view.importNotice).toBe(READING)
        expect(stubs.isWaitingFor("templateProgram")).toBe(exporting)
        if (exporting) expect(stubs.argsOf("templateProgram")).toEqual([baseBlock.id])
        // The screen's list takes the template once per save the server answered, and never otherwise.
        if (event?.type === "xstate.done.actor.saveProgram") saves += 1
        expect(listed).toEqual(Array.from({ length: saves }, () => baseBlock))
        // Said while the import rests saved, whatever the export does beside it.
        if (actual.matches({ import: "saved" }))
          expect(view.importNotice).toMatch(/^Saved “Base block” as a template\./)
        // A written file is what the import reads back.
        if (event?.type === "xstate.done.actor.templateProgram") {
          exports += 1
          const file = written.at(-1)
          const format = expected.context.exported?.endsWith(".json") === true ? "json" : "csv"
          expect(file?.fileName).toBe(`Base block.${format}`)
          const readBack =
            format === "csv" ? parseProgramCsv(file?.text ?? "", "Base block") : parseProgramJson(file?.text ?? "")
          expect(readBack).toEqual({ program, problems: [] })
          expect(view.exportNotice).toBe(`Exported Base block.${format}.`)
        }
        expect(written).toHaveLength(exports)
        // Refusals in the server's words, beside what they concern; failures with their reason.
        const error = event !== undefined && "error" in event ? event.error : undefined
        if (event?.type === "xstate.error.actor.saveProgram")
          expect(error === taken ? view.refusal : view.failure).toBe(error === taken ? taken.error : NETWORK_DOWN)
        if (event?.type === "xstate.error.actor.readProgram") expect(view.failure).toBe(FILE_NOT_READ)
        if (event?.type === "xstate.error.actor.templateProgram")
          expect(view.exportFailure).toBe(error === unwritable ? unwritable.error : NETWORK_DOWN)
        if (view.preview !== null) {
          expect(view.preview.problemsNote).toBe(actual.context.reading?.problems.length === 0 ? null : FIX_THE_FILE)
          if (actual.context.fileName === "Base block.csv")
            expect(view.preview.counts.map((count) => count.value)).toEqual([2, 4, 4, 4, 10])
        }
      }
    )
    actor.stop()
  })
})
