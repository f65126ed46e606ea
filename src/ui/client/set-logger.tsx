import { useSelector } from "@xstate/react"
import { selectSetInput, type AutosaveActorRef, type SetInputView } from "#machines/autosave/autosave.selectors.ts"
import type { LoggedField } from "#machines/autosave/autosave.types.ts"
import type { LoggingSetView } from "#machines/logging/logging.selectors.ts"

const sameInput = (a: SetInputView, b: SetInputView) =>
  a.status === b.status && a.weight === b.weight && a.reps === b.reps && a.rpe === b.rpe

const FIELDS: ReadonlyArray<{
  field: LoggedField & keyof SetInputView
  label: string
  mode: "decimal" | "numeric"
  min: number
  max?: number
  step: string
}> = [
  { field: "weight", label: "Weight (lbs)", mode: "decimal", min: 0, max: 2000, step: "any" },
  { field: "reps", label: "Reps", mode: "numeric", min: 0, max: 19, step: "1" },
  { field: "rpe", label: "RPE", mode: "decimal", min: 1, max: 10, step: "0.5" }
]

/** One set: the prescription, what was done, and whether it has reached the server. */
export function SetLogger({ set, autosave }: { set: LoggingSetView; autosave: AutosaveActorRef }) {
  const view = useSelector(autosave, (snapshot) => selectSetInput(snapshot, set.id), sameInput)
  // The input is uncontrolled, so the typed character is already on screen: let the
  // browser paint it first, and record the edit (machine, outbox, status) in the next task.
  // Timers run in order, so edits still arrive in the order they were typed.
  const edit = (field: LoggedField, text: string) => {
    setTimeout(() => autosave.send({ type: "set.edit", setId: set.id, field, text }), 0)
  }
  return (
    <fieldset className="set-logger">
      <legend>
        <span className="set-logger__label">{set.label}</span>{" "}
        {set.prescription === "" ? null : <span className="set-logger__prescription">{set.prescription}</span>}
      </legend>
      <div className="set-logger__inputs">
        {FIELDS.map(({ field, label, mode, min, max, step }) => (
          <label key={field} className="set-logger__field">
            <span>{label}</span>
            <input
              type="number"
              inputMode={mode}
              min={min}
              max={max}
              step={step}
              defaultValue={view[field]}
              onChange={(event) => edit(field, event.currentTarget.value)}
            />
          </label>
        ))}
      </div>
      <p className={`save-status save-status--${view.status}`} aria-live="polite">
        {view.statusText}
      </p>
    </fieldset>
  )
}
