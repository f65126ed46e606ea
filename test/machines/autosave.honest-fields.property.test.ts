/**
 * Honest fields, checked as a property: whatever a lifter types into a set's
 * fields (digits, a stray letter or dot, deletions, a pasted value, a cleared field),
 * with "done", "undo" and "skip" taps and pauses in between, once things settle every
 * field either shows exactly what the server holds and the set says so, or says it is a
 * draft, or why not. The set never reads "Logged" while a field and the server disagree,
 * not even mid-way, and a field shown again (swiped away and back) shows exactly what was
 * typed. And typing alone never sends a set: only Done, Undo and Skip do
 * (docs/decisions/039-done-means-done.md).
 * Real pieces: the machine and its selectors; the server is in memory, time simulated.
 */
import fc from "fast-check"
import { describe, expect, test } from "vitest"
import { createActor, fromPromise, SimulatedClock } from "xstate"
import type { SetId } from "#domain/ids.ts"
import type { SetResultUpdate } from "#domain/workout.ts"
import { parseLoggedInput } from "#machines/autosave/autosave.edits.ts"
import { autosaveMachine, DRAFT_KEEP_MS } from "#machines/autosave/autosave.machine.ts"
import { selectSetInput, type AutosaveSnapshot } from "#machines/autosave/autosave.selectors.ts"
import {
  LOGGED_FIELDS,
  type LoggedValues,
  type Restored,
  type SendResult,
  type SetBase
} from "#machines/autosave/autosave.types.ts"
import type { LoggedField, OutboxEntry } from "#domain/logging-outbox.ts"

const PRESCRIBED = 101 as SetId
const AMRAP = 102 as SetId
/** A set prescribed 185 x 5 at 2 RIR, and an AMRAP set with nothing to prefill, in pounds. */
const BASES: Readonly<Record<number, SetBase>> = {
  [PRESCRIBED]: { weight: 185, reps: 5, rir: 2, unit: "lb" } as unknown as SetBase,
  [AMRAP]: { weight: null, reps: null, rir: null, unit: "lb" }
}
const SETS = [PRESCRIBED, AMRAP]

type Command =
  | { readonly kind: "key"; readonly setId: SetId; readonly field: LoggedField; readonly key: string }
  | { readonly kind: "paste"; readonly setId: SetId; readonly field: LoggedField; readonly text: string }
  | { readonly kind: "clear"; readonly setId: SetId; readonly field: LoggedField }
  | { readonly kind: "done"; readonly setId: SetId }
  /** Done, then "Log anyway" when it asks about an empty field. */
  | { readonly kind: "logAnyway"; readonly setId: SetId }
  | { readonly kind: "undo"; readonly setId: SetId }
  | { readonly kind: "skip"; readonly setId: SetId }
  | { readonly kind: "wait"; readonly ms: number }
  | { readonly kind: "remount" }

const BACKSPACE = "Backspace"
const setId = fc.constantFrom(...SETS)
const field = fc.constantFrom(...LOGGED_FIELDS)
/** Mostly digits, then what slips in: a dot, a letter, a minus, a space, an exponent; and deletions. */
const key = fc.oneof(
  { arbitrary: fc.constantFrom("0", "1", "2", "3", "4", "5", "6", "7", "8", "9"), weight: 8 },
  { arbitrary: fc.constantFrom(".", "x", "-", " ", "e", ","), weight: 2 },
  { arbitrary: fc.constant(BACKSPACE), weight: 3 }
)
/** A whole value pasted in: valid ones, near misses and nonsense. */
const pasted = fc.oneof(
  fc.integer({ min: 0, max: 2100 }).map(String),
  fc.integer({ min: 0, max: 24 }).map((n) => String(n / 2)),
  fc.constantFrom("25", "100", "101", "2.5", "8.3", "25x", "1e3", "-5", " 7 ", ".5", "5.", "abc", "")
)
const command: fc.Arbitrary<Command> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant("key" as const), setId, field, key }), weight: 12 },
  { arbitrary: fc.record({ kind: fc.constant("paste" as const), setId, field, text: pasted }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant("clear" as const), setId, field }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("done" as const), setId }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant("logAnyway" as const), setId }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("undo" as const), setId }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("skip" as const), setId }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("wait" as const), ms: fc.integer({ min: 0, max: 600 }) }), weight: 3 },
  { arbitrary: fc.constant({ kind: "remount" as const }), weight: 1 }
)

/** The server: what each set holds, from every update it accepted. */
function inMemoryServer() {
  const held: Record<number, LoggedValues> = {}
  const updates: Array<SetResultUpdate> = []
  return {
    held,
    updates,
    apply: (entries: ReadonlyArray<OutboxEntry>): ReadonlyArray<SendResult> =>
      entries.map(({ setId, version, update }) => {
        const { id, ...values } = update
        updates.push(update)
        held[id] = { ...held[id], ...values }
        return { setId, version, outcome: "saved" as const }
      })
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

const hasValue = (values: LoggedValues | undefined): boolean =>
  values !== undefined && LOGGED_FIELDS.some((f) => values[f] !== null && values[f] !== undefined)

/** The value a text is, or undefined when it is none. */
const valueOf = (field: LoggedField, text: string): number | null | undefined => {
  const parsed = parseLoggedInput(field, text)
  return parsed.ok ? parsed.value : undefined
}

/** "Logged" is only ever said when every field shows exactly what the server holds. */
function expectSavedOnlyWhenAgreeing(snapshot: AutosaveSnapshot, server: ReturnType<typeof inMemoryServer>) {
  for (const id of SETS) {
    const view = selectSetInput(snapshot, id, BASES[id] as SetBase)
    if (view.status !== "saved") continue
    for (const f of LOGGED_FIELDS) expect(valueOf(f, view[f]), `set ${id} ${f}`).toBe(server.held[id]?.[f] ?? null)
  }
}

async function run(commands: ReadonlyArray<Command>) {
  const server = inMemoryServer()
  const mismatches: Array<string> = []
  /** What each set's fields showed at the last Done taken (null: undone since). */
  const shownAtTap = new Map<number, Partial<Record<LoggedField, string>> | null>()
  // What each input holds, as the browser would: it starts from what the set shows.
  const texts = new Map<string, string>()
  const clock = new SimulatedClock()
  const actor = createActor(
    autosaveMachine.provide({
      actors: {
        restore: fromPromise<Restored>(() => Promise.resolve({ entries: [], logged: {} })),
        sendEdits: fromPromise<ReadonlyArray<SendResult>, { entries: ReadonlyArray<OutboxEntry> }>(({ input }) => {
          // A send carries what the fields showed when Done was tapped (nothing typed since, no
          // value with a message), or nothing at all after Undo.
          for (const { update } of input.entries)
            for (const f of LOGGED_FIELDS) {
              if (!(f in update)) continue
              const atTap = shownAtTap.get(update.id)
              const expected = atTap === undefined ? "missing" : atTap === null ? null : valueOf(f, atTap[f] ?? "")
              if (expected !== update[f])
                mismatches.push(`set ${update.id} sent ${f} ${update[f]} where the tap showed ${JSON.stringify(atTap)}`)
            }
          return Promise.resolve(server.apply(input.entries))
        })
      }
    }),
    { input: { versionBase: 1000 }, clock }
  ).start()
  await flush()

  // The inputs are uncontrolled: each keeps the text it was mounted with until typed into.
  for (const id of SETS)
    for (const f of LOGGED_FIELDS)
      texts.set(`${id}.${f}`, selectSetInput(actor.getSnapshot(), id, BASES[id] as SetBase)[f])
  const textOf = (id: SetId, f: LoggedField): string => texts.get(`${id}.${f}`) ?? ""
  const type = (id: SetId, f: LoggedField, text: string) => {
    texts.set(`${id}.${f}`, text)
    actor.send({ type: "set.edit", setId: id, field: f, text, base: BASES[id] as SetBase })
  }

  for (const step of commands) {
    if (step.kind === "key") {
      const before = textOf(step.setId, step.field)
      type(step.setId, step.field, step.key === BACKSPACE ? before.slice(0, -1) : before + step.key)
    } else if (step.kind === "paste") type(step.setId, step.field, step.text)
    else if (step.kind === "clear") type(step.setId, step.field, "")
    else if (step.kind === "done" || step.kind === "logAnyway" || step.kind === "undo") {
      const base = BASES[step.setId] as SetBase
      const before = actor.getSnapshot().context.version
      const earlier = shownAtTap.get(step.setId)
      // Recorded before the tap: a log is sent the moment it is taken.
      shownAtTap.set(
        step.setId,
        step.kind === "undo" ? null : Object.fromEntries(LOGGED_FIELDS.map((f) => [f, textOf(step.setId, f)]))
      )
      if (step.kind === "undo") actor.send({ type: "set.undo", setId: step.setId, base })
      else actor.send({ type: "set.done", setId: step.setId, base })
      if (step.kind === "logAnyway") actor.send({ type: "set.done.confirm", setId: step.setId, base })
      if (actor.getSnapshot().context.version === before) {
        if (earlier === undefined) shownAtTap.delete(step.setId)
        else shownAtTap.set(step.setId, earlier)
      }
    } else if (step.kind === "skip") actor.send({ type: "set.skip", setId: step.setId })
    else if (step.kind === "wait") {
      clock.increment(step.ms)
      await flush()
    } else {
      // Swiped away and back: a new input starts from what the set shows, which is what the old one held.
      for (const id of SETS)
        for (const f of LOGGED_FIELDS) {
          const typed = texts.get(`${id}.${f}`)
          if (typed !== undefined) expect(selectSetInput(actor.getSnapshot(), id, BASES[id] as SetBase)[f]).toBe(typed)
        }
    }
    expectSavedOnlyWhenAgreeing(actor.getSnapshot(), server)
  }

  // Settle: the debounce runs out and every send is answered.
  for (
    let i = 0;
    i < 10 && !(actor.getSnapshot().matches("idle") && Object.keys(actor.getSnapshot().context.pending).length === 0);
    i++
  ) {
    clock.increment(DRAFT_KEEP_MS)
    await flush()
  }
  const snapshot = actor.getSnapshot()
  actor.stop()
  expect(mismatches).toEqual([])
  return { snapshot, server, texts, commands }
}

describe("a set's fields, its status and the server", () => {
  test("agree once typing settles, or the field says why not", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 40 }), async (commands) => {
        const { snapshot, server, texts } = await run(commands)
        expect(snapshot.value).toBe("idle")
        expect(snapshot.context.pending).toEqual({})
        // RPE is no longer logged (docs/decisions/016), and no update carries a value nobody typed or was prefilled.
        for (const update of server.updates) expect(update).not.toHaveProperty("rpe")

        for (const id of SETS) {
          const view = selectSetInput(snapshot, id, BASES[id] as SetBase)
          const held = server.held[id]
          for (const f of LOGGED_FIELDS) {
            // What the input holds (typed, or what it was mounted with) is what the set shows.
            expect(view[f], `set ${id} ${f} shows what its input holds`).toBe(texts.get(`${id}.${f}`))
            // A field with a message holds no value; a field without one holds a value.
            const value = valueOf(f, view[f])
            if (view.errors[f] === undefined) expect(value, `set ${id} ${f} "${view[f]}"`).not.toBeUndefined()
            else expect(value, `set ${id} ${f} "${view[f]}" has a message`).toBeUndefined()
          }
          const agrees = LOGGED_FIELDS.every(
            (f) => view.errors[f] !== undefined || valueOf(f, view[f]) === (held?.[f] ?? null)
          )
          const invalid = LOGGED_FIELDS.some((f) => view.errors[f] !== undefined)
          switch (view.status) {
            case "saved":
              expect(invalid).toBe(false)
              expect(agrees, `set ${id} says saved`).toBe(true)
              expect(held?.skipped).not.toBe(true)
              expect(view.done).toBe(true)
              break
            case "skipped":
              expect(invalid).toBe(false)
              expect(held?.skipped).toBe(true)
              // What is typed since is a draft (Done logs it); otherwise the fields show what is held.
              if (hasValue(held) && snapshot.context.drafted?.includes(id) !== true) expect(agrees).toBe(true)
              break
            case "draft":
              // Typed and not logged: the server holds no result for it.
              expect(invalid).toBe(false)
              expect(hasValue(held)).toBe(false)
              expect(view.statusText).toBe("Draft — not logged yet")
              expect(view.done).toBe(false)
              break
            case "changed":
              // Typed over a logged set: the server keeps what was logged until Done.
              expect(invalid).toBe(false)
              expect(hasValue(held)).toBe(true)
              expect(view.canUndo).toBe(false)
              break
            case "untouched":
              // Nothing logged: the prescription is offered, and nothing claims it is saved.
              expect(invalid).toBe(false)
              expect(hasValue(held)).toBe(false)
              expect(held?.skipped).not.toBe(true)
              break
            case "invalid":
              expect(invalid).toBe(true)
              expect(view.statusText).toMatch(/^Not logged: /)
              expect(view.canMarkDone).toBe(false)
              break
            default:
              throw new Error(`set ${id} settled as ${view.status}`)
          }
        }
      }),
      { numRuns: 300 }
    )
  }, 120_000)

  test("typing alone never sends a set, whatever is typed and however long the lifter waits", async () => {
    const typing = command.filter(
      (step) => step.kind !== "done" && step.kind !== "logAnyway" && step.kind !== "undo" && step.kind !== "skip"
    )
    await fc.assert(
      fc.asyncProperty(fc.array(typing, { minLength: 1, maxLength: 40 }), async (commands) => {
        const { snapshot, server } = await run([...commands, { kind: "wait", ms: 60_000 }])
        expect(server.updates).toEqual([])
        for (const id of SETS) {
          const view = selectSetInput(snapshot, id, BASES[id] as SetBase)
          expect(view.done).toBe(false)
          expect(["untouched", "draft", "invalid"]).toContain(view.status)
        }
      }),
      { numRuns: 200 }
    )
  }, 120_000)

  test("typing 25 into reps and tapping Done sends 25; 2500 into weight or 8.3 into RIR refuses Done", async () => {
    const keys = (id: SetId, f: LoggedField, text: string): Array<Command> => [
      { kind: "clear", setId: id, field: f },
      ...Array.from(text, (k) => ({ kind: "key" as const, setId: id, field: f, key: k }))
    ]
    const { snapshot, server } = await run([
      ...keys(AMRAP, "reps", "25"),
      ...keys(AMRAP, "weight", "2500"),
      ...keys(AMRAP, "rir", "8.3"),
      { kind: "done", setId: AMRAP }
    ])
    // Nothing is sent: typing makes a draft, and Done is refused while a field says why.
    expect(server.updates).toEqual([])
    expect(selectSetInput(snapshot, AMRAP, BASES[AMRAP] as SetBase)).toMatchObject({
      reps: "25",
      weight: "2500",
      rir: "8.3",
      errors: { weight: "Weight must be 0 to 2000 lbs", rir: "RIR must be 0 to 10 in steps of 0.5" },
      status: "invalid"
    })
    const fixed = await run([...keys(AMRAP, "reps", "25"), { kind: "wait", ms: 1000 }, { kind: "done", setId: AMRAP }])
    expect(fixed.server.updates).toEqual([
      { id: AMRAP, weight: null, weight_unit: "lb", reps: 25, rir: null, skipped: false }
    ])
    expect(selectSetInput(fixed.snapshot, AMRAP, BASES[AMRAP] as SetBase).status).toBe("saved")
  })
})
