import type { LoggedField } from "#domain/logging-outbox.ts"

const FIELD_NAMES: Readonly<Record<LoggedField, string>> = { weight: "weight", reps: "reps", rir: "RIR" }

/** "No weight entered. Log this set without a weight?" */
const askText = (missing: ReadonlyArray<LoggedField>): string => {
  const [only] = missing
  if (missing.length === 1 && only === "weight") return "No weight entered. Log this set without a weight?"
  if (missing.length === 1 && only !== undefined)
    return `No ${FIELD_NAMES[only]} entered. Log this set without ${FIELD_NAMES[only]}?`
  return `No ${missing.map((field) => FIELD_NAMES[field]).join(" or ")} entered. Log this set without them?`
}

/**
 * Done with a field empty asks before logging (docs/decisions/039-done-means-done.md): in
 * place, under the set's buttons, its answer focused so a keyboard or screen reader lands
 * on it; Escape cancels.
 */
export function SetAsk({
  id,
  missing,
  onLog,
  onCancel
}: {
  id: string
  missing: ReadonlyArray<LoggedField>
  onLog: () => void
  onCancel: () => void
}) {
  return (
    <div
      className="set-logger__ask"
      role="alertdialog"
      aria-labelledby={id}
      onKeyDown={(event) => {
        if (event.key === "Escape") onCancel()
      }}
    >
      <p id={id}>{askText(missing)}</p>
      <button type="button" className="button" autoFocus onClick={onLog}>
        Log anyway
      </button>
      <button type="button" className="button button--quiet" onClick={onCancel}>
        Cancel
      </button>
    </div>
  )
}
