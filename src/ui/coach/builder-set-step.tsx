import { useSelector } from "@xstate/react"
import { selectSetBuilder, type BuilderActorRef, type FieldInputView } from "#machines/builder/builder.selectors.ts"

function FieldInput({ field, onChange }: { field: FieldInputView; onChange: (value: string) => void }) {
  const errorId = `field-${field.name}-error`
  return (
    <label className="field">
      {field.label}
      {field.input === "select" ? (
        <select name={field.name} value={field.value} onChange={(event) => onChange(event.target.value)}>
          <option value="">None</option>
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : (
        <input
          type="text"
          inputMode="decimal"
          name={field.name}
          autoComplete="off"
          value={field.value}
          aria-invalid={field.error !== null}
          aria-describedby={field.error === null ? undefined : errorId}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {field.error === null ? null : (
        <span id={errorId} className="coach-field-error">
          {field.error}
        </span>
      )}
    </label>
  )
}

/** Step 4: the values of the sets to add, the AMSAP toggle and how many sets. */
export function BuilderSetStep({ builder }: { builder: BuilderActorRef }) {
  const view = useSelector(builder, selectSetBuilder)
  return (
    <section className="coach-card coach-stack" aria-labelledby="builder-step">
      <h2 id="builder-step" tabIndex={-1}>
        Set Builder
      </h2>
      {view.exerciseName === "" ? null : <p className="coach-subtitle">{view.exerciseName}</p>}
      {view.editingSet === null ? null : <p className="coach-row-title">{view.editingSet}</p>}
      {view.fields.length === 0 ? (
        <p className="muted">No fields are on. Use Edit fields to choose what each set records.</p>
      ) : (
        view.fields.map((field) => (
          <FieldInput
            key={field.name}
            field={field}
            onChange={(value) => builder.send({ type: "field.change", name: field.name, value })}
          />
        ))
      )}
      <button type="button" className="button button--quiet" onClick={() => builder.send({ type: "fields.edit" })}>
        Edit fields
      </button>
      <label className="coach-toggle">
        <input
          type="checkbox"
          role="switch"
          checked={view.amsap}
          onChange={() => builder.send({ type: "amsap.toggle" })}
        />
        AMSAP (as many sets as possible)
      </label>
      {/* An edited set stays one set: no count to choose. */}
      {view.editingSet !== null ? null : (
        <div className="coach-stepper" role="group" aria-label="Number of sets">
          <button
            type="button"
            className="button button--quiet"
            aria-label="Fewer sets"
            disabled={view.amsap || !view.canDecrement}
            onClick={() => builder.send({ type: "count.decrement" })}
          >
            −
          </button>
          <output aria-live="polite" aria-label="Sets to add">
            {view.amsap ? 1 : view.count}
          </output>
          <button
            type="button"
            className="button button--quiet"
            aria-label="More sets"
            disabled={view.amsap || !view.canIncrement}
            onClick={() => builder.send({ type: "count.increment" })}
          >
            +
          </button>
          <span className="muted">{view.amsap ? "AMSAP adds one set" : "sets"}</span>
        </div>
      )}
      <p className="muted coach-cap-notice" role="status">
        {view.capNotice}
      </p>
      {view.addBlocked === null ? null : (
        <p id="builder-add-blocked" className="coach-error">
          {view.addBlocked}
        </p>
      )}
      <div className="coach-actions">
        <button type="button" className="button button--quiet" onClick={() => builder.send({ type: "step.back" })}>
          Back to exercise
        </button>
        <button
          type="button"
          className="button"
          disabled={!view.canAdd}
          aria-describedby={view.addBlocked === null ? undefined : "builder-add-blocked"}
          onClick={() => builder.send({ type: "sets.add" })}
        >
          {view.addLabel}
        </button>
      </div>
    </section>
  )
}
