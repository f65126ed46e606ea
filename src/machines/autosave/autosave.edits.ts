import type { SetId } from "#domain/ids.ts"
import * as Schema from "effect/Schema"
import { RepCount, Rir, Rpe, Weight } from "#domain/set-fields.ts"
import type { Entries, LoggedField, LoggedValues, OutboxEntry, SendResult } from "./autosave.types.ts"

/*
 * Pure helpers of the autosave machine: parsing what was typed, merging edits, and
 * working out what a finished send leaves behind.
 */

const FIELD_SCHEMAS = { weight: Weight, reps: RepCount, rpe: Rpe, rir: Rir } as const
const NUMBER_TEXT = /^\s*(\d+(\.\d*)?|\.\d+)\s*$/

/**
 * A typed value as it is stored: a number, null for an emptied input, undefined when
 * the text is not a valid value (weight may have decimals for small plates; reps and
 * RIR are whole numbers; RPE goes in half steps).
 */
export const parseLoggedInput = (field: LoggedField, text: string): LoggedValues[LoggedField] | undefined => {
  if (text.trim() === "") return null
  if (!NUMBER_TEXT.test(text)) return undefined
  const decoded = Schema.decodeUnknownOption(FIELD_SCHEMAS[field])(Number(text))
  return decoded._tag === "Some" ? decoded.value : undefined
}

/**
 * Schema compiles a field's decoder the first time it decodes; doing it ahead (when the
 * logging page is idle) keeps that work out of the first keystroke.
 */
export const prepareInputParsing = (): void => {
  for (const field of Object.keys(FIELD_SCHEMAS) as Array<LoggedField>) parseLoggedInput(field, "1")
}

export const withEdit = (
  entries: Entries,
  setId: SetId,
  field: LoggedField,
  value: unknown,
  version: number
): Entries => {
  const previous = entries[setId]
  return {
    ...entries,
    [setId]: { setId, version, update: { ...(previous?.update ?? { id: setId }), [field]: value } }
  }
}

/** Restored entries, then this page's edits on top: a newer edit wins field by field. */
export const mergeEntries = (older: ReadonlyArray<OutboxEntry>, newer: Entries): Entries => {
  const merged: Record<number, OutboxEntry> = {}
  for (const entry of older) merged[entry.setId] = entry
  for (const entry of Object.values(newer)) {
    const base = merged[entry.setId]
    merged[entry.setId] = base === undefined ? entry : { ...entry, update: { ...base.update, ...entry.update } }
  }
  return merged
}

/** Entries still waiting once a send's confirmed (saved or rejected) versions are dropped. */
export const remainingAfter = (entries: Entries, results: ReadonlyArray<SendResult>): Entries =>
  Object.fromEntries(
    Object.entries(entries).filter(
      ([, entry]) =>
        !results.some((r) => r.setId === entry.setId && r.version === entry.version && r.outcome !== "retry")
    )
  )

export const valuesOf = (entry: OutboxEntry): LoggedValues => {
  const { id: _id, ...values } = entry.update
  return values
}

/** Exponential backoff from 1 s up to 30 s, with jitter so many clients do not retry in step. */
export const retryDelayMs = (attempt: number, random: number): number => {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1))
  return Math.round(base * (0.5 + random / 2))
}

/** Up to this much is added to a wait the server asked for, so clients it held back do not return in step. */
export const RETRY_AFTER_JITTER_MS = 1_000

/** The wait before a retry: what the server asked for (Retry-After) when it did, else the backoff. */
export const waitBeforeRetryMs = (attempt: number, retryAfterMs: number | undefined, random: number): number =>
  retryAfterMs === undefined
    ? retryDelayMs(attempt, random)
    : retryAfterMs + Math.round(random * RETRY_AFTER_JITTER_MS)
