import { and, asc, eq, gt, sql } from "drizzle-orm"
import * as Schema from "effect/Schema"
import { type ExportFormat, isExportFormat, EXPORT_FORMATS } from "#domain/history-import.ts"
import {
  type ExportedSet,
  exportedSetJson,
  OUR_CSV_HEADER,
  ourCsvLine,
  STRONG_CSV_HEADER,
  strongCsvLine
} from "#domain/import-formats/history-export.ts"
import { UserId } from "#domain/ids.ts"
import type { TokenVerifier } from "../auth/token-verifier.ts"
import { type ClientEntry, isCoachOf, listClients } from "../clients/repository.ts"
import { chatMessages, chatThreads } from "../db/chat-schema.ts"
import type { Db } from "../db/client.ts"
import { isoInstant } from "../db/iso-instant.ts"
import { workoutTemplates } from "../db/schema.ts"
import { log } from "../log.ts"
import { callerOf, refusal } from "./caller.ts"
import { EXPORT_BATCH, historyBatches } from "./history-rows.ts"
import { type ZipEntry, zipped } from "./zip-stream.ts"

/*
 * The exports (docs/decisions/049-import-and-export.md): streamed routes beside the
 * contract, as the live event stream is (HttpApi answers a value, not a body written as
 * it is read). A lifter's history in one of EXPORT_FORMATS, and a coach's whole account as
 * one zip. Every body is written a batch at a time as the reader takes it: a pull reads
 * the next batch, so a slow reader holds one batch, never the history.
 */

export interface ExportsOptions {
  readonly db: Db
  readonly tokens: TokenVerifier
  /** Sets, messages or templates read per query (tests make it small). Default EXPORT_BATCH. */
  readonly batchSize?: number
}

export interface Exports {
  /** GET EXPORT_HISTORY_PATH: `clientId` as the path gave it. */
  readonly history: (request: Request, clientId: string) => Promise<Response>
  /** GET EXPORT_ACCOUNT_PATH. */
  readonly account: (request: Request) => Promise<Response>
}

/** Templates read per query: each holds a whole week's content. */
const TEMPLATE_BATCH = 100

const encoder = new TextEncoder()

const today = () => new Date().toISOString().slice(0, 10)

/** A body whose every read runs `parts` one step: nothing is read before the reader asks. */
const streamed = (parts: AsyncGenerator<Uint8Array>, what: string): ReadableStream<Uint8Array> =>
  new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await parts.next()
          if (next.done === true) controller.close()
          else controller.enqueue(next.value)
        } catch (error) {
          // The headers are gone: the download ends unfinished, which the reader sees.
          log.warn({ err: error }, `export: ${what} failed part way`)
          controller.error(error)
        }
      },
      async cancel() {
        await parts.return(undefined)
      }
    },
    { highWaterMark: 0 }
  )

async function* encoded(texts: AsyncIterable<string>): AsyncGenerator<Uint8Array> {
  for await (const text of texts) if (text !== "") yield encoder.encode(text)
}

/** Items as one JSON array, an item per line, written as the batches come. */
async function* jsonArray<T>(batches: AsyncIterable<ReadonlyArray<T>>, print: (item: T) => string) {
  let first = true
  yield "["
  for await (const batch of batches) {
    let text = ""
    for (const item of batch) {
      text += `${first ? "\n" : ",\n"}${print(item)}`
      first = false
    }
    yield text
  }
  yield first ? "]\n" : "\n]\n"
}

/** The lifter's history in `format`, a batch of lines at a time. */
async function* historyText(db: Db, clientId: UserId, format: ExportFormat, size: number): AsyncGenerator<string> {
  const batches = historyBatches(db, clientId, size)
  if (format === "json") {
    yield* jsonArray(batches, exportedSetJson)
    return
  }
  const [header, line]: [string, (set: ExportedSet) => string] =
    format === "csv" ? [OUR_CSV_HEADER, ourCsvLine] : [STRONG_CSV_HEADER, (set) => strongCsvLine(set)]
  yield header
  for await (const batch of batches) yield batch.map(line).join("")
}

const FILE_KINDS: Readonly<Record<ExportFormat, { readonly type: string; readonly suffix: string }>> = {
  csv: { type: "text/csv; charset=utf-8", suffix: ".csv" },
  strong: { type: "text/csv; charset=utf-8", suffix: "-strong.csv" },
  json: { type: "application/json", suffix: ".json" }
}

const download = (body: ReadableStream<Uint8Array>, type: string, fileName: string) =>
  new Response(body, {
    status: 200,
    headers: {
      "content-type": type,
      "content-disposition": `attachment; filename="${fileName}"`,
      "cache-control": "no-store",
      // A proxy holding the body back to buffer it would hold the whole history.
      "x-accel-buffering": "no"
    }
  })

/** A field of clients.csv (RFC 4180). */
const csvField = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text)

const statusOf = (entry: ClientEntry) =>
  entry.archived ? "archived" : entry.declined ? "declined" : entry.pending ? "invited" : "linked"

function* clientsCsv(clients: ReadonlyArray<ClientEntry>): Generator<string> {
  yield "name,email,status\n"
  yield clients
    .map((entry) => `${[entry.pending ? "" : entry.name, entry.email, statusOf(entry)].map(csvField).join(",")}\n`)
    .join("")
}

async function* templateBatches(db: Db, coachId: UserId) {
  let after = 0
  for (;;) {
    const rows = await db
      .select({
        id: workoutTemplates.id,
        name: workoutTemplates.name,
        kind: workoutTemplates.kind,
        created_at: isoInstant(workoutTemplates.createdAt),
        content: workoutTemplates.content
      })
      .from(workoutTemplates)
      .where(and(eq(workoutTemplates.coachId, coachId), sql`${workoutTemplates.id} > ${after}`))
      .orderBy(asc(workoutTemplates.id))
      .limit(TEMPLATE_BATCH)
    const last = rows.at(-1)
    if (last === undefined) return
    yield rows
    if (rows.length < TEMPLATE_BATCH) return
    after = last.id
  }
}

async function* messageBatches(db: Db, threadId: number, size: number) {
  let after = 0
  for (;;) {
    const rows = await db
      .select({
        id: chatMessages.id,
        clientId: chatThreads.clientId,
        senderId: chatMessages.senderId,
        body: chatMessages.body,
        createdAt: isoInstant(chatMessages.createdAt),
        seq: chatMessages.seq
      })
      .from(chatMessages)
      .innerJoin(chatThreads, eq(chatThreads.id, chatMessages.threadId))
      .where(and(eq(chatMessages.threadId, threadId), gt(chatMessages.seq, after)))
      .orderBy(asc(chatMessages.seq))
      .limit(size)
    const last = rows.at(-1)
    if (last === undefined) return
    yield rows
    if (rows.length < size) return
    after = last.seq
  }
}

/** A name as part of a file name: letters, digits, '.', '_' and '-' only, at most 60. */
const fileSafe = (name: string) =>
  name
    .normalize("NFC")
    .replace(/[^\p{L}\p{N}._-]+/gu, "-")
    .replace(/^[-.]+|-+$/g, "")
    .slice(0, 60) || "client"

/** The files of a coach's account, each read as it is written. */
async function* accountEntries(db: Db, coachId: UserId, size: number): AsyncGenerator<ZipEntry> {
  const clients = await listClients(db, coachId)
  yield { name: "clients.csv", texts: clientsCsv(clients) }
  yield { name: "templates.json", texts: jsonArray(templateBatches(db, coachId), (row) => JSON.stringify(row)) }
  const linked = clients.flatMap((entry) => (entry.clientId === null ? [] : [{ ...entry, clientId: entry.clientId }]))
  for (const client of linked)
    yield {
      name: `history/${client.clientId}-${fileSafe(client.name)}.csv`,
      texts: historyText(db, client.clientId, "csv", size)
    }
  for (const client of linked) {
    const [thread] = await db
      .select({ id: chatThreads.id })
      .from(chatThreads)
      .where(and(eq(chatThreads.coachId, coachId), eq(chatThreads.clientId, client.clientId)))
    if (thread !== undefined)
      yield {
        name: `chat/${client.clientId}.json`,
        texts: jsonArray(messageBatches(db, thread.id, size), (message) => JSON.stringify(message))
      }
  }
}

const isUserId = Schema.is(UserId)

const BAD_CLIENT_ID = "clientId: must be a user id (a positive whole number)"
const badFormat = `format: must be one of ${EXPORT_FORMATS.join(", ")}`
const notReadable = (clientId: number) => `clientId: no lifter with id ${clientId} whose history you can read`

export function makeExports(options: ExportsOptions): Exports {
  const { db, tokens } = options
  const size = options.batchSize ?? EXPORT_BATCH

  const history = async (request: Request, clientIdText: string): Promise<Response> => {
    const caller = await callerOf(request, db, tokens)
    if (caller instanceof Response) return caller
    const clientId = /^\d{1,10}$/.test(clientIdText) ? Number(clientIdText) : Number.NaN
    if (!isUserId(clientId)) return refusal(400, BAD_CLIENT_ID)
    const format = new URL(request.url).searchParams.get("format") ?? "csv"
    if (!isExportFormat(format)) return refusal(400, badFormat)
    // The lifter themself, or their coach now (an archived client's too); anyone else learns nothing.
    const readable = caller.user_type === "Client" ? caller.id === clientId : await isCoachOf(db, caller.id, clientId)
    if (!readable) return refusal(404, notReadable(clientId))
    const kind = FILE_KINDS[format]
    return download(
      streamed(encoded(historyText(db, clientId, format, size)), "history"),
      kind.type,
      `history-${clientId}-${today()}${kind.suffix}`
    )
  }

  const account = async (request: Request): Promise<Response> => {
    const caller = await callerOf(request, db, tokens)
    if (caller instanceof Response) return caller
    if (caller.user_type !== "Coach") return refusal(403, "Only coaches can export their account")
    return download(
      streamed(zipped(accountEntries(db, caller.id, size)), "account"),
      "application/zip",
      `account-${caller.id}-${today()}.zip`
    )
  }

  return { history, account }
}
