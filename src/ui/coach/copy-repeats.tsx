import type { CopyPlanActorRef, CopyPlanView, RepeatRowView } from "#machines/copy-plan/copy-plan.selectors.ts"
import type { RepeatDraft } from "#machines/copy-plan/copy-plan.types.ts"

type Field = "loadPercent" | "reps" | "sets"

const FIELDS: ReadonlyArray<{ readonly field: Field; readonly label: string; readonly hint: string }> = [
  { field: "loadPercent", label: "Loads %", hint: "+2.5" },
  { field: "reps", label: "Reps ±", hint: "0" },
  { field: "sets", label: "Sets ±", hint: "0" }
]

function RepeatRow({ row, plan }: { row: RepeatRowView; plan: CopyPlanActorRef }) {
  const change = (change: Partial<RepeatDraft>) => plan.send({ type: "repeat.change", week: row.week, change })
  return (
    <fieldset className="copy-repeat">
      <legend>
        {row.label} <span className="muted">{row.startsOn}</span>
      </legend>
      <label className="field">
        Change
        <select
          value={row.kind}
          onChange={(event) => change({ kind: event.currentTarget.value === "deload" ? "deload" : "progress" })}
        >
          <option value="progress">Progress</option>
          <option value="deload">Deload week</option>
        </select>
      </label>
      {row.kind === "deload"
        ? null
        : FIELDS.map(({ field, label, hint }) => (
            <label key={field} className="field">
              {label}
              <input
                inputMode="decimal"
                autoComplete="off"
                placeholder={hint}
                value={row[field]}
                onChange={(event) => change({ [field]: event.currentTarget.value })}
              />
            </label>
          ))}
    </fieldset>
  )
}

/** Step 3: repeat the copy week after week, each week changed from the one before. */
export function CopyRepeats({ view, plan }: { view: CopyPlanView; plan: CopyPlanActorRef }) {
  const { repeats } = view
  const problemId = repeats.problem === null ? undefined : "copy-repeats-problem"
  return (
    <fieldset className="coach-card copy-section" disabled={view.locked} aria-describedby={problemId}>
      <legend>
        <h2>Repeat</h2>
      </legend>
      <label className="copy-count">
        Repeat for{" "}
        <select
          value={repeats.count}
          onChange={(event) => plan.send({ type: "repeats.count", count: Number(event.currentTarget.value) })}
        >
          {Array.from({ length: repeats.max + 1 }, (_, count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>{" "}
        more weeks
      </label>
      {repeats.rows.length === 0 ? null : (
        <p className="muted copy-note">
          Each week changes the week before it: loads by a percentage, reps and sets by a number. A deload week is
          lighter and the week after it carries on from the week before.
        </p>
      )}
      {repeats.rows.map((row) => (
        <RepeatRow key={row.week} row={row} plan={plan} />
      ))}
      {repeats.rows.length > 1 ? (
        <button type="button" className="button button--quiet" onClick={() => plan.send({ type: "repeats.fill" })}>
          Same change every week
        </button>
      ) : null}
      {repeats.problem === null ? null : (
        <p id="copy-repeats-problem" className="coach-error" role="alert">
          {repeats.problem}
        </p>
      )}
    </fieldset>
  )
}
