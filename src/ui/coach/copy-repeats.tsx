import { UNITS, isUnit } from "#domain/units.ts"
import type { CopyPlanActorRef, CopyPlanView, RepeatRowView } from "#machines/copy-plan/copy-plan.selectors.ts"
import type { RepeatDraft } from "#machines/copy-plan/copy-plan.types.ts"

type Field = "percentPoints" | "weight" | "reps" | "sets"

// Every step says its unit: points of a percentage, an amount of weight, a count (ADR 040).
const labelOf = (field: Field, row: RepeatRowView): string => {
  switch (field) {
    case "percentPoints":
      return "% of max/e1RM ± points"
    case "weight":
      return `Weight ± ${row.weightUnit}`
    case "reps":
      return "Reps ±"
    case "sets":
      return "Sets ±"
  }
}

const HINTS: Readonly<Record<Field, string>> = { percentPoints: "+2.5", weight: "+5", reps: "0", sets: "0" }

function StepInput({
  field,
  row,
  change
}: {
  field: Field
  row: RepeatRowView
  change: (c: Partial<RepeatDraft>) => void
}) {
  return (
    <label className="field">
      {labelOf(field, row)}
      <input
        inputMode="decimal"
        autoComplete="off"
        placeholder={HINTS[field]}
        value={row[field]}
        onChange={(event) => change({ [field]: event.currentTarget.value })}
      />
    </label>
  )
}

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
      {row.kind === "deload" ? null : (
        <>
          <StepInput field="percentPoints" row={row} change={change} />
          <StepInput field="weight" row={row} change={change} />
          <label className="field">
            Weight step unit
            <select
              value={row.weightUnit}
              onChange={(event) => {
                const unit = event.currentTarget.value
                if (isUnit(unit)) change({ weightUnit: unit })
              }}
            >
              {UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {unit}
                </option>
              ))}
            </select>
          </label>
          <StepInput field="reps" row={row} change={change} />
          <StepInput field="sets" row={row} change={change} />
        </>
      )}
    </fieldset>
  )
}

/** Step 3: how many weeks to copy, each changed from the week before it (week 1 from the source). */
export function CopyRepeats({ view, plan }: { view: CopyPlanView; plan: CopyPlanActorRef }) {
  const { repeats } = view
  const problemId = repeats.problem === null ? undefined : "copy-repeats-problem"
  return (
    <fieldset className="coach-card copy-section" disabled={view.locked} aria-describedby={problemId}>
      <legend>
        <h2>Weeks</h2>
      </legend>
      <label className="copy-count">
        Copy for{" "}
        <select
          value={repeats.count}
          onChange={(event) => plan.send({ type: "repeats.count", count: Number(event.currentTarget.value) })}
        >
          {Array.from({ length: repeats.max }, (_, index) => (
            <option key={index} value={index + 1}>
              {index + 1}
            </option>
          ))}
        </select>{" "}
        {repeats.count === 1 ? "week" : "weeks"}
      </label>
      <p className="muted copy-note">
        Week 1 changes what you copy; each week after changes the week before it. % of max and e1RM move by points (75%
        + 2.5 points is 77.5%); weights by the amount, in each set’s own unit. A deload week keeps the first half of the
        sets at 90% of the week before it, and the week after carries on from the week before the deload.
      </p>
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
