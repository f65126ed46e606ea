import * as Schema from "effect/Schema"

/*
 * Quantities of one set. Numeric values are branded so a number can only
 * become a Reps/Rpe/Weight by passing its checks (decode or Schema.make).
 */

export const AMRAP = "AMRAP" as const
export const MAX_REPS = 19

/** A counted number of reps, 0..19 (SPEC: reps options AMRAP and 0 to 19). */
export const RepCount = Schema.Number.annotate({ message: "reps must be a number" })
  .check(
    Schema.isInt({ message: "reps must be a whole number" }),
    Schema.isBetween({ minimum: 0, maximum: MAX_REPS }, { message: `reps must be between 0 and ${MAX_REPS}` })
  )
  .pipe(Schema.brand("RepCount"))
export type RepCount = typeof RepCount.Type

export const MAX_PERFORMED_REPS = 100

/**
 * Reps a client actually did (PUT /api/updateWorkoutResult, /workoutResults rows):
 * a whole number 0..100, never "AMRAP", which is only an instruction. The prescription
 * keeps SPEC's 0..19 (RepCount); someone told "AMRAP" can do 25. Same brand as RepCount
 * on purpose: both are counted reps, only the range accepted on the way in differs, so a
 * logged row still fits everywhere a row is read.
 */
export const PerformedReps = Schema.Number.annotate({ message: "reps must be a number" })
  .check(
    Schema.isInt({ message: "reps must be a whole number" }),
    Schema.isBetween(
      { minimum: 0, maximum: MAX_PERFORMED_REPS },
      { message: `logged reps must be a whole number from 0 to ${MAX_PERFORMED_REPS}` }
    )
  )
  .pipe(Schema.brand("RepCount"))
export type PerformedReps = typeof PerformedReps.Type

export const Reps = Schema.Union([Schema.Literal(AMRAP), RepCount]).annotate({
  message: `reps must be "AMRAP" or a whole number from 0 to ${MAX_REPS}`
})
export type Reps = typeof Reps.Type

/** Rate of perceived exertion, 1..10 in half steps. */
export const Rpe = Schema.Number.annotate({ message: "rpe must be a number" })
  .check(
    Schema.isFinite({ message: "rpe must be a finite number" }),
    Schema.isBetween({ minimum: 1, maximum: 10 }, { message: "rpe must be between 1 and 10" }),
    Schema.isMultipleOf(0.5, { message: "rpe must be in steps of 0.5" })
  )
  .pipe(Schema.brand("Rpe"))
export type Rpe = typeof Rpe.Type

/**
 * Reps in reserve, 0..10 in half steps: the lifter's scale (docs/decisions/016). A coach's
 * RPE reads as RIR = 10 - RPE, so RPE 7.5 is 2.5 RIR.
 */
export const Rir = Schema.Number.annotate({ message: "rir must be a number" })
  .check(
    Schema.isFinite({ message: "rir must be a finite number" }),
    Schema.isBetween({ minimum: 0, maximum: 10 }, { message: "rir must be between 0 and 10" }),
    Schema.isMultipleOf(0.5, { message: "rir must be in steps of 0.5" })
  )
  .pipe(Schema.brand("Rir"))
export type Rir = typeof Rir.Type

export const MAX_WEIGHT_LBS = 2000

/** A load's number, in the unit stored beside it (`weight_unit`). Upper bound is far above any human lift, to catch typos. */
export const Weight = Schema.Number.annotate({ message: "weight must be a number" })
  .check(
    Schema.isFinite({ message: "weight must be a finite number" }),
    Schema.isBetween(
      { minimum: 0, maximum: MAX_WEIGHT_LBS },
      { message: `weight must be between 0 and ${MAX_WEIGHT_LBS} in its weight_unit` }
    )
  )
  .pipe(Schema.brand("Weight"))
export type Weight = typeof Weight.Type

export const MAX_PERCENT = 150

const makePercent = (what: string) =>
  Schema.Number.annotate({ message: `${what} must be a number` })
    .check(
      Schema.isFinite({ message: `${what} must be a finite number` }),
      Schema.isBetween(
        { minimum: 0, maximum: MAX_PERCENT },
        { message: `${what} must be between 0 and ${MAX_PERCENT}` }
      )
    )
    .pipe(Schema.brand("Percent"))

/** A percentage (backoff, of e1RM, of max). Above 100 is allowed for overload work. */
export const Percent = makePercent("percent")
// Same type, messages naming the field: a {name, value} pair has no field name in its error path.
export const BackoffPercent = makePercent("backoff_percent")
export const E1rmPercent = makePercent("e1rm_percent")
export const MaxPercent = makePercent("max_percent")
export type Percent = typeof Percent.Type

export const FIELD_NAMES = ["reps", "rpe", "backoff_percent", "e1rm_percent", "max_percent", "weight"] as const
export const FieldName = Schema.Literals(FIELD_NAMES).annotate({
  message: `field name must be one of ${FIELD_NAMES.join(", ")}`
})
export type FieldName = typeof FieldName.Type

/** The value type each field holds. */
export interface FieldValues {
  readonly reps: Reps
  readonly rpe: Rpe
  readonly backoff_percent: Percent
  readonly e1rm_percent: Percent
  readonly max_percent: Percent
  readonly weight: Weight
}
export type FieldValueOf<N extends FieldName> = FieldValues[N]

/** Schema of each field's value, for decoding one field at a time. */
export const FIELD_VALUE_SCHEMAS = {
  reps: Reps,
  rpe: Rpe,
  backoff_percent: BackoffPercent,
  e1rm_percent: E1rmPercent,
  max_percent: MaxPercent,
  weight: Weight
} as const

export interface FieldDefinition {
  readonly name: FieldName
  readonly label: string
  /** "select" fields offer fixed options; "number" fields are free numeric input. */
  readonly input: "select" | "number"
  /** Option values as shown and submitted by the input, in display order (select only). */
  readonly options: ReadonlyArray<string>
  /** Initial input text; "" means empty (stored as none). */
  readonly defaultValue: string
  readonly step: number
}

const REPS_OPTIONS = [AMRAP, ...Array.from({ length: MAX_REPS + 1 }, (_, i) => String(i))]
// SPEC: RPE options 10 down to 1 in steps of 0.5.
const RPE_OPTIONS = Array.from({ length: 19 }, (_, i) => String(10 - i * 0.5))

export const FIELD_DEFINITIONS: { readonly [N in FieldName]: FieldDefinition } = {
  reps: { name: "reps", label: "Reps", input: "select", options: REPS_OPTIONS, defaultValue: AMRAP, step: 1 },
  rpe: { name: "rpe", label: "RPE", input: "select", options: RPE_OPTIONS, defaultValue: "8", step: 0.5 },
  backoff_percent: {
    name: "backoff_percent",
    label: "Backoff %",
    input: "number",
    options: [],
    defaultValue: "",
    step: 1
  },
  e1rm_percent: { name: "e1rm_percent", label: "% of e1RM", input: "number", options: [], defaultValue: "", step: 1 },
  max_percent: { name: "max_percent", label: "% of max", input: "number", options: [], defaultValue: "", step: 1 },
  weight: { name: "weight", label: "Weight (lbs)", input: "number", options: [], defaultValue: "", step: 1 }
}

/** Input texts after a set is added: reps AMRAP, rpe 8, others empty (docs/product.md). */
export const DEFAULT_FIELD_INPUTS: { readonly [N in FieldName]: string } = {
  reps: FIELD_DEFINITIONS.reps.defaultValue,
  rpe: FIELD_DEFINITIONS.rpe.defaultValue,
  backoff_percent: FIELD_DEFINITIONS.backoff_percent.defaultValue,
  e1rm_percent: FIELD_DEFINITIONS.e1rm_percent.defaultValue,
  max_percent: FIELD_DEFINITIONS.max_percent.defaultValue,
  weight: FIELD_DEFINITIONS.weight.defaultValue
}

type Parsed<N extends FieldName> =
  | { readonly _tag: "Empty" }
  | { readonly _tag: "Value"; readonly value: FieldValueOf<N> }
  | { readonly _tag: "Invalid"; readonly message: string }

const NUMERIC_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/

/**
 * Reads one input text as docs/product.md says: empty -> none, "AMRAP" kept as
 * text for reps, rpe as a decimal, the others as integers (truncated like
 * parseInt). Anything the field's schema rejects is Invalid with a message
 * naming the field.
 */
export const readFieldInput = <N extends FieldName>(name: N, raw: string): Parsed<N> => {
  const text = raw.trim()
  if (text === "") return { _tag: "Empty" }
  if (name === "reps" && text.toUpperCase() === AMRAP) return { _tag: "Value", value: AMRAP as FieldValueOf<N> }
  if (!NUMERIC_TEXT.test(text)) return { _tag: "Invalid", message: `${name} must be a number` }
  const number = name === "rpe" ? Number(text) : Math.trunc(Number(text))
  const schema = FIELD_VALUE_SCHEMAS[name] as unknown as Schema.Codec<FieldValueOf<N>, unknown>
  const decoded = Schema.decodeUnknownOption(schema)(number)
  return decoded._tag === "Some"
    ? { _tag: "Value", value: decoded.value }
    : { _tag: "Invalid", message: fieldRangeMessage(name) }
}

const fieldRangeMessage = (name: FieldName): string => {
  switch (name) {
    case "reps":
      return `reps must be AMRAP or a whole number from 0 to ${MAX_REPS}`
    case "rpe":
      return "rpe must be between 1 and 10 in steps of 0.5"
    case "weight":
      return `weight must be between 0 and ${MAX_WEIGHT_LBS} in its unit`
    default:
      return `${name} must be between 0 and ${MAX_PERCENT}`
  }
}

/** The parsed value, or null when the input is empty or invalid (only fields with a value are saved). */
export const parseFieldValue = <N extends FieldName>(name: N, raw: string): FieldValueOf<N> | null => {
  const parsed = readFieldInput(name, raw)
  return parsed._tag === "Value" ? parsed.value : null
}

/** A message naming the field when the input text cannot be stored, otherwise undefined. */
export const validateFieldInput = (name: FieldName, raw: string): string | undefined => {
  const parsed = readFieldInput(name, raw)
  return parsed._tag === "Invalid" ? parsed.message : undefined
}

/** The values of one set, any of them absent. Rows and built sets both map onto this. */
export type SetValues = { readonly [N in FieldName]?: FieldValueOf<N> | null | undefined }

const formatNumber = (n: number): string => String(n)

/** "AMRAP", "1 rep", "5 reps". */
export const describeReps = (reps: Reps): string =>
  reps === AMRAP ? AMRAP : `${formatNumber(reps)} ${reps === 1 ? "rep" : "reps"}`

/** RIR for an RPE (RIR = 10 - RPE, the RTS convention): RPE 8 is 2 RIR, RPE 7.5 is 2.5 RIR. */
export const rirFromRpe = (rpe: Rpe): Rir => (10 - rpe) as Rir

/** Client workout list: "5 reps at 2 RIR"; absent parts are left out. */
export const describeRepsAtRir = (reps: Reps | null | undefined, rir: Rir | null | undefined): string => {
  const parts: Array<string> = []
  if (reps != null) parts.push(describeReps(reps))
  if (rir != null) parts.push(`at ${formatNumber(rir)} RIR`)
  return parts.join(" ")
}
