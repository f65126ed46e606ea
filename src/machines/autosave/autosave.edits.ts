import type { Unit } from "#domain/units.ts"
import type { SetResultUpdate } from "#domain/workout.ts"
import * as Schema from "effect/Schema"
import { MAX_PERFORMED_REPS, MAX_WEIGHT_LBS, PerformedReps, Rir, Weight } from "#domain/set-fields.ts"
import { LOGGED_FIELDS, type Entries, type LoggedValues, type SendResult } from "./autosave.types.ts"
import type { LoggedField, OutboxEntry } from "#domain/logging-outbox.ts"

/*
 * Pure helpers of the autosave machine: parsing what was typed, merging edits, and
 * working out what a finished send leaves behind.
 */

const FIELD_SCHEMAS = { weight: Weight, reps: PerformedReps, rir: Rir } as const
const NUMBER_TEXT = /^\s*(\d+(\.\d*)?|\.\d+)\s*$/

/** What a lifter is told when a field's text is no value of it; one message per field, whatever was wrong. */
export const FIELD_MESSAGES: Readonly<Record<LoggedField, string>> = {
  weight: `Weight must be 0 to ${MAX_WEIGHT_LBS} lbs`,
  reps: `Reps must be a whole number from 0 to ${MAX_PERFORMED_REPS}`,
  rir: "RIR must be 0 to 10 in steps of 0.5"
}

/**
 * The field's message in the unit the lifter enters weights in (the bound is the same
 * number in both); without a unit while it is unknown, rather than a guessed one.
 */
export const fieldMessage = (field: LoggedField, unit: Unit | undefined): string =>
  field !== "weight" || unit === "lb"
    ? FIELD_MESSAGES[field]
    : unit === "kg"
      ? `Weight must be 0 to ${MAX_WEIGHT_LBS} kg`
      : `Weight must be 0 to ${MAX_WEIGHT_LBS}`

export type ParsedInput =
  { readonly ok: true; readonly value: number | null } | { readonly ok: false; readonly message: string }

const EMPTY: ParsedInput = { ok: true, value: null }

/**
 * A typed text as it is stored: a number, null for an emptied input, or why it is no
 * value of the field (weight may have decimals for small plates; reps are whole; RIR
 * goes in half steps). Never a prefix or a rounding of what was typed.
 */
export const parseLoggedInput = (field: LoggedField, text: string): ParsedInput => {
  if (text.trim() === "") return EMPTY
  if (NUMBER_TEXT.test(text)) {
    const decoded = Schema.decodeUnknownOption(FIELD_SCHEMAS[field])(Number(text))
    if (decoded._tag === "Some") return { ok: true, value: decoded.value }
  }
  return { ok: false, message: FIELD_MESSAGES[field] }
}

/**
 * Schema compiles a field's decoder the first time it decodes; doing it ahead (when the
 * logging page is idle) keeps that work out of the first keystroke.
 */
export const prepareInputParsing = (): void => {
  for (const field of LOGGED_FIELDS) parseLoggedInput(field, "1")
}

/** The set's entry with `update` as its next version; it keeps naming the set as the lifter knows it. */
export const withUpdate = (
  entries: Entries,
  update: SetResultUpdate,
  version: number,
  place: string | undefined = entries[update.id]?.place
): Entries => ({
  ...entries,
  [update.id]: { setId: update.id, version, update, ...(place === undefined ? {} : { place }) }
})

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
