/**
 * A download, walked by its model: every state and transition, replayed on a running actor
 * whose gateway the test answers. The file asked for is fetched once; the browser is handed
 * exactly the file the server answered, once per download; "Downloaded" names that file and
 * is said only after it.
 */
import { describe, expect, test } from "vitest"
import { createActor, initialTransition } from "xstate"
import type { UserId } from "#domain/ids.ts"
import { NETWORK_DOWN } from "#machines/failure-text.ts"
import { fileDownloadImplementations } from "#machines/file-download/file-download.actors.ts"
import { historyCsv } from "#machines/file-download/file-download.fixtures.ts"
import { fileDownloadMachine } from "#machines/file-download/file-download.machine.ts"
import { type FileDownloadSnapshot, selectFileDownload } from "#machines/file-download/file-download.selectors.ts"
import type { DownloadRequest, FileDownloadEvent } from "#machines/file-download/file-download.types.ts"
import { leafOf, modelOf } from "./client-model-walk.ts"
import { deferredGateway, done, failure, replayPath } from "./coach-stub-actors.ts"

type ModelEvent = FileDownloadEvent | ReturnType<typeof done> | ReturnType<typeof failure>

const serverDown = { _tag: "GatewayDefect", reason: "network", message: "The server could not be reached" }
const account: DownloadRequest = { kind: "account" }
const strongCsv: DownloadRequest = { kind: "history", clientId: 7 as UserId, format: "strong" }
const fileFor = (request: DownloadRequest | null) => ({
  blob: new Blob(["x"]),
  fileName: request?.kind === "account" ? "account-2026-12-07.zip" : `history-${request?.format ?? ""}.csv`
})

const eventsFor = (snapshot: FileDownloadSnapshot): ReadonlyArray<ModelEvent> => [
  { type: "download.start", request: historyCsv },
  { type: "download.start", request: account },
  { type: "download.start", request: strongCsv },
  { type: "download.retry" },
  { type: "download.dismiss" },
  done("download", { fileName: fileFor(snapshot.context.request).fileName }),
  failure("download", serverDown)
]

const serialize = (snapshot: FileDownloadSnapshot) => JSON.stringify([leafOf(snapshot), snapshot.context])

const walk = modelOf<FileDownloadSnapshot, ModelEvent>(fileDownloadMachine, {
  input: undefined,
  events: eventsFor,
  serialize
})

describe("the file download machine's model", () => {
  test("reaches every state the machine declares", () => {
    expect(walk.reachedStates).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares", () => {
    expect(walk.untakenTransitions).toEqual([])
  })
})

describe("a running download, driven along the model", () => {
  test.each(walk.walksForEveryTransition.map((edge) => [edge.name, edge] as const))("%s", async (_, edge) => {
    const stubs = deferredGateway(["exportHistory", "exportAccount"])
    const saved: Array<unknown> = []
    const actor = createActor(
      fileDownloadMachine.provide(
        fileDownloadImplementations({ gateway: stubs.gateway, saveFile: (file) => saved.push(file) })
      )
    ).start()
    const callOf = () => (stubs.isWaitingFor("exportAccount") ? "exportAccount" : "exportHistory")
    const answers = {
      download: {
        done: () => stubs.settle(callOf(), fileFor(actor.getSnapshot().context.request)),
        error: (error: unknown) => stubs.fail(callOf(), error)
      }
    }
    const expectedSaves: Array<unknown> = []
    const [initial] = initialTransition(fileDownloadMachine, undefined)
    let before = actor.getSnapshot()
    await replayPath<FileDownloadSnapshot, ModelEvent>(initial, edge.path, actor, answers, (expected, event) => {
      const actual = actor.getSnapshot()
      expect(leafOf(actual)).toBe(leafOf(expected))
      expect(actual.context).toEqual(expected.context)
      const leaf = leafOf(actual)
      const request = actual.context.request
      // One call while downloading: the one the request names.
      expect(stubs.isWaitingFor("exportAccount")).toBe(leaf === "downloading" && request?.kind === "account")
      expect(stubs.isWaitingFor("exportHistory")).toBe(leaf === "downloading" && request?.kind === "history")
      if (leaf === "downloading" && request?.kind === "history")
        expect(stubs.argsOf("exportHistory")).toEqual([request.clientId, request.format])
      if (event?.type === "xstate.done.actor.download") expectedSaves.push(fileFor(before.context.request))
      expect(saved).toEqual(expectedSaves)
      const view = selectFileDownload(actual)
      expect(view.status).toBe(leaf)
      if (event?.type === "xstate.done.actor.download")
        expect(view.notice).toBe(`Downloaded ${fileFor(before.context.request).fileName}.`)
      else if (leaf !== "idle") expect(view.notice).toBeNull()
      if (leaf === "failed") expect(view.error).toBe(NETWORK_DOWN)
      before = actual
    })
    actor.stop()
  })
})
