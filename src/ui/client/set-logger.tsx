import { useSelector } from "@xstate/react"
import { Suspense, useId, useRef, useState, useSyncExternalStore } from "react"
import type { SetId } from "#domain/ids.ts"
import type { Weight } from "#domain/set-fields.ts"
import { formatAmount, toUnit, unitLabel } from "#domain/units.ts"
import { sameSetInput, selectSetInput, type AutosaveActorRef } from "#machines/autosave/autosave.selectors.ts"
import type { AutosaveEvent, SetBase } from "#machines/autosave/autosave.types.ts"
import type { LoggedField } from "#domain/logging-outbox.ts"
import { lifterUnitOf, prefillKeyOf, prefillOfKey } from "#machines/load-references/load-references.prefill.ts"
import type { LoadReferencesActorRef } from "#machines/load-references/load-references.selectors.ts"
import type { LoggingSetView } from "#machines/logging/logging.selectors.ts"
import type { CommentsSlot } from "#ui/comments/comments-slot.ts"
import { InSlot } from "#ui/slot.ts"
import type { VideosSlot } from "#ui/videos/videos-slot.ts"
import { lazyWhenOnline } from "./logging-lazy.tsx"
import "./set-logger.css"

// The worked-out load and its plates come in their own chunk, after the page paints.
const SetLoad = lazyWhenOnline(() => import("./set-load.tsx"))
// "last time" and records show once earlier results are read: their code comes with the page's late parts.
const SetHistory = lazyWhenOnline(() =>
  import("./logging-later.tsx").then((module) => ({ default: module.SetHistory }))
)
// Done with a field empty asks first: rare, so its text comes with the page's late parts.
const SetAsk = lazyWhenOnline(() => import("./logging-later.tsx").then((module) => ({ default: module.SetAsk })))
// A set's notes and "Add a note" come with the page's notes, in their own chunk after it paints.
const SetNotes = lazyWhenOnline(() =>
  import("#ui/comments/logging-notes.tsx").then((module) => ({ default: module.SetNotes }))
)

// Text inputs: a number input hands over "" for "25x" and lets the browser round or
// refuse, so the machine would not see what the lifter sees. inputMode keeps the keypad.
const FIELDS: ReadonlyArray<{ field: LoggedField; label: string; mode: "decimal" | "numeric" }> = [
  { field: "weight", label: "Weight", mode: "decimal" },
  { field: "reps", label: "Reps", mode: "numeric" },
  { field: "rir", label: "RIR", mode: "decimal" }
]

/**
 * Runs `work` just after the next paint: a frame callback runs right before the paint, a
 * task it queues runs right after. A hidden page paints nothing, so a short timer stands in.
 */
function afterNextPaint(work: () => void): void {
  let ran = false
  const run = () => {
    if (ran) return
    ran = true
    work()
  }
  requestAnimationFrame(() => setTimeout(run, 0))
  setTimeout(run, 100)
}

/**
 * Sends to autosave in the order asked. The inputs are uncontrolled, so a typed
 * character is on screen without React: an edit is sent after that paint, and the
 * machine, the outbox and the status do their work in the next frame. A tap (done, skip)
 * first sends the edits still queued, then itself, at once.
 */
function orderedSender(autosave: AutosaveActorRef) {
  let queued: Array<AutosaveEvent> = []
  const flush = () => {
    const events = queued
    queued = []
    for (const event of events) autosave.send(event)
  }
  return {
    later: (event: AutosaveEvent) => {
      queued.push(event)
      if (queued.length === 1) afterNextPaint(flush)
    },
    /** Sends the queue, then `event`; answers whether the machine took it. */
    now: (event: AutosaveEvent): boolean => {
      flush()
      const taken = autosave.getSnapshot().can(event)
      autosave.send(event)
      return taken
    }
  }
}

const NO_LOADS = () => () => undefined
const LOAD_PLACEHOLDER = <p className="set-logger__load-placeholder" aria-hidden="true" />

const subscribeTo =
  (loads: LoadReferencesActorRef) =>
  (changed: () => void): (() => void) => {
    const watching = loads.subscribe(changed)
    return () => watching.unsubscribe()
  }

/**
 * What the set reads from the worked-out loads, as strings so it re-renders only when they
 * change. The fields start from the worked-out load once it is known (its number, or none
 * for a percentage with nothing to work it from), in the lifter's unit; until then from
 * the prescription, in the lifter's unit once that is known. While the lifter's unit is
 * unknown the field's unit is too: nothing is guessed, and no weight is logged
 * (docs/decisions/039-done-means-done.md). "last time" reads in the lifter's unit once known.
 */
function useFromLoads(set: LoggingSetView, loads: LoadReferencesActorRef | undefined) {
  const subscribe = loads === undefined ? NO_LOADS : subscribeTo(loads)
  const key = useSyncExternalStore(subscribe, () => prefillKeyOf(loads, set.id))
  const unit = useSyncExternalStore(subscribe, () => lifterUnitOf(loads))
  const known = prefillOfKey(key)
  const written = set.prefill
  const prefill: SetBase =
    known !== undefined
      ? { ...written, weight: known.weight as Weight | null, unit: known.unit }
      : unit === null
        ? { ...written, unit: undefined }
        : {
            ...written,
            weight:
              written.weight === null || written.unit === undefined || written.unit === unit
                ? written.weight
                : (Number(formatAmount(toUnit(written.weight, written.unit, unit))) as Weight),
            unit
          }
  return { prefill, unit }
}

export interface SetLoggerProps {
  readonly set: LoggingSetView
  readonly autosave: AutosaveActorRef
  /** The worked-out loads, once their chunk is in; until then a quiet place is kept for the load. */
  readonly loads?: LoadReferencesActorRef | undefined
  /** The set was marked done (the rest timer starts here). */
  readonly onDone: (setId: SetId) => void
  /** Given only for a set the lifter added: removes it. */
  readonly onRemove?: (() => void) | undefined
  /** The page's notes: this set's, with "Add a note", show once they are in. */
  readonly notes?: CommentsSlot | undefined
  /** The page's form checks: this set's clips, with "Add video", show once they are in. */
  readonly videos?: VideosSlot | undefined
}

/** One set: the prescription, its fields prefilled from it, one tap to log it, and whether the server has it. */
export function SetLogger({ set, autosave, loads, onDone, onRemove, notes, videos }: SetLoggerProps) {
  const { prefill, unit } = useFromLoads(set, loads)
  const view = useSelector(autosave, (snapshot) => selectSetInput(snapshot, set.id, prefill), sameSetInput)
  const [sender] = useState(() => orderedSender(autosave))
  const id = useId()
  const name = set.label.toLowerCase()
  const doneButton = useRef<HTMLButtonElement>(null)
  // Only a set really logged starts the rest (not one refused, nor one that asks first), and
  // after the button is painted, so the tap shows at once whatever starting it costs.
  const startRestIfLogged = () => {
    if (autosave.getSnapshot().context.asking?.setId !== set.id) afterNextPaint(() => onDone(set.id))
  }
  const markDone = () => {
    if (sender.now({ type: "set.done", setId: set.id, base: prefill })) startRestIfLogged()
  }
  const logAnyway = () => {
    if (sender.now({ type: "set.done.confirm", setId: set.id, base: prefill })) startRestIfLogged()
    doneButton.current?.focus()
  }
  const cancelAsking = () => {
    sender.now({ type: "set.done.cancel", setId: set.id })
    doneButton.current?.focus()
  }
  return (
    <fieldset
      className={`set-logger${view.done ? " set-logger--done" : ""}${view.skipped ? " set-logger--skipped" : ""}`}
    >
      <legend>
        <span className="set-logger__label">{set.label}</span>{" "}
        {set.prescription === "" ? null : <span className="set-logger__prescription">{set.prescription}</span>}
      </legend>
      <Suspense fallback={LOAD_PLACEHOLDER}>
        {loads === undefined ? LOAD_PLACEHOLDER : <SetLoad loads={loads} setId={set.id} />}
      </Suspense>
      {set.history === undefined ? null : (
        <Suspense fallback={null}>
          <SetHistory history={set.history} index={set.index} performed={view.performed} unit={unit ?? undefined} />
        </Suspense>
      )}
      <div className="set-logger__inputs">
        {FIELDS.map(({ field, label, mode }) => {
          const error = view.errors[field]
          return (
            <div key={field} className="set-logger__field">
              <label htmlFor={`${id}-${field}`}>
                {field === "weight" && view.weightUnit !== undefined
                  ? `${label} (${unitLabel(view.weightUnit)})`
                  : label}
              </label>
              <input
                // A new prefill (the load worked out, a backoff following its top set) is shown: the input is uncontrolled.
                key={field === "weight" ? `weight ${prefill.weight} ${prefill.unit}` : field}
                id={`${id}-${field}`}
                type="text"
                inputMode={mode}
                autoComplete="off"
                enterKeyHint="done"
                defaultValue={view[field]}
                aria-invalid={error === undefined ? undefined : true}
                aria-describedby={error === undefined ? undefined : `${id}-${field}-error`}
                onChange={(event) =>
                  sender.later({
                    type: "set.edit",
                    setId: set.id,
                    field,
                    text: event.currentTarget.value,
                    base: prefill
                  })
                }
              />
            </div>
          )
        })}
      </div>
      {FIELDS.map(({ field }) => {
        const error = view.errors[field]
        return error === undefined ? null : (
          <p key={field} id={`${id}-${field}-error`} className="set-logger__error" role="alert">
            {error}
          </p>
        )
      })}
      <div className="set-logger__actions">
        {/* Logged: the same button takes it back, and its name says the set is done. */}
        <button
          ref={doneButton}
          type="button"
          className={`button set-logger__done${view.canUndo ? " set-logger__done--done" : ""}`}
          aria-label={view.canUndo ? `Undo ${name}` : `Mark ${name} done`}
          disabled={!view.canUndo && !view.canMarkDone}
          onClick={view.canUndo ? () => sender.now({ type: "set.undo", setId: set.id, base: prefill }) : markDone}
        >
          {view.canUndo ? <span aria-hidden="true">✓ </span> : null}
          {view.canUndo ? "Undo" : "Done"}
        </button>
        <button
          type="button"
          className="button button--quiet set-logger__skip"
          aria-label={`Skip ${name}`}
          onClick={() => sender.now({ type: "set.skip", setId: set.id })}
        >
          Skip
        </button>
        {onRemove === undefined ? null : (
          <button
            type="button"
            className="button button--danger-quiet set-logger__remove"
            aria-label={`Remove ${name}`}
            // The pager removes it on the server, then tells autosave to forget it (`set.removed`).
            onClick={() => onRemove()}
          >
            Remove
          </button>
        )}
      </div>
      {view.asking === undefined ? null : (
        <Suspense fallback={null}>
          <SetAsk id={`${id}-ask`} missing={view.asking} onLog={logAnyway} onCancel={cancelAsking} />
        </Suspense>
      )}
      <p className={`save-status save-status--${view.status}`} aria-live="polite">
        {view.statusText}
      </p>
      {notes === undefined ? null : (
        <Suspense fallback={null}>
          <SetNotes slot={notes} setId={set.id} setLabel={set.label} />
        </Suspense>
      )}
      {/* A set's form checks and "Add video" come with the page's clips, in their own chunk after it paints. */}
      {videos === undefined ? null : (
        <InSlot slot={videos}>{(port) => port.showSet?.({ setId: set.id, label: set.label })}</InSlot>
      )}
    </fieldset>
  )
}
