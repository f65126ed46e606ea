import { useSelector } from "@xstate/react"
import { selectFieldEditor, type BuilderActorRef } from "#machines/builder/builder.selectors.ts"

/** Step 5: which fields the sets record. */
export function BuilderFieldEditor({ builder }: { builder: BuilderActorRef }) {
  const { fields } = useSelector(builder, selectFieldEditor)
  return (
    <section className="coach-card coach-stack" aria-labelledby="builder-step">
      <h2 id="builder-step" tabIndex={-1}>
        Field Editor
      </h2>
      <fieldset className="coach-stack" style={{ border: 0, padding: 0, margin: 0 }}>
        <legend className="muted">Fields each set records</legend>
        {fields.map((field) => (
          <label key={field.name} className="coach-toggle">
            <input
              type="checkbox"
              role="switch"
              name={field.name}
              checked={field.enabled}
              onChange={() => builder.send({ type: "field.toggle", name: field.name })}
            />
            {field.label}
          </label>
        ))}
      </fieldset>
      <button type="button" className="button" onClick={() => builder.send({ type: "step.back" })}>
        Back to set builder
      </button>
    </section>
  )
}
