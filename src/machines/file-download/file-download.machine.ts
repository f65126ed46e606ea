import { assign, fromPromise, setup } from "xstate"
import { describeFailure } from "../failure-text.ts"
import type { DownloadOutput, DownloadRequest, FileDownloadContext, FileDownloadEvent } from "./file-download.types.ts"

// A lifter's history or a coach's account, taken away as a file (docs/decisions/049): the
// file is fetched whole, then handed to the browser to save; "Downloaded" is said only then.

export const fileDownloadMachine = setup({
  types: { context: {} as FileDownloadContext, events: {} as FileDownloadEvent },
  actors: {
    download: fromPromise<DownloadOutput, DownloadRequest>(() => Promise.reject(new Error("download was not provided")))
  },
  actions: {
    ask: assign((_, { request }: { request: DownloadRequest }) => ({ request, saved: null, error: null })),
    sayDownloaded: assign((_, { fileName }: { fileName: string }) => ({ request: null, saved: fileName, error: null })),
    forget: assign({ request: null, error: null }),
    rememberFailure: assign((_, { error }: { error: unknown }) => ({ error: describeFailure(error) }))
  }
}).createMachine({
  id: "fileDownload",
  context: { request: null, saved: null, error: null },
  initial: "idle",
  states: {
    idle: {
      on: {
        "download.start": {
          target: "downloading",
          actions: { type: "ask", params: ({ event }) => ({ request: event.request }) }
        }
      }
    },
    downloading: {
      invoke: {
        id: "download",
        src: "download",
        input: ({ context }) => {
          if (context.request === null) throw new Error("a download without its request")
          return context.request
        },
        onDone: {
          target: "idle",
          actions: { type: "sayDownloaded", params: ({ event }) => ({ fileName: event.output.fileName }) }
        },
        onError: {
          target: "failed",
          actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) }
        }
      }
    },
    failed: {
      on: {
        "download.retry": "downloading",
        "download.dismiss": { target: "idle", actions: "forget" }
      }
    }
  }
})

export type FileDownloadMachine = typeof fileDownloadMachine
