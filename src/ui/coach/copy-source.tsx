import { useRef } from "react"
import type { CopyPlanActorRef, CopyPlanView } from "#machines/copy-plan/copy-plan.selectors.ts"
import { NO_TEMPLATES } from "#machines/copy-plan/copy-plan.selectors.ts"
import { MoreTemplates } from "./more-templates.tsx"

type Template = CopyPlanView["source"]["templates"][number]

function TemplateRemoval({ view, plan }: { view: CopyPlanView; plan: CopyPlanActorRef }) {
  const removal = view.template.removal
  if (removal === null) return null
  return (
    <div className="copy-confirm" role="alertdialog" aria-labelledby="copy-remove-question">
      <p id="copy-remove-question">Remove the template “{removal.name}”? Workouts already copied from it stay.</p>
      <div className="coach-actions">
        <button
          type="button"
          className="button button--danger"
          disabled={removal.removing}
          onClick={() => plan.send({ type: removal.failed ? "library.retry" : "removal.confirm" })}
        >
          {removal.removing ? "Removing…" : removal.failed ? "Try again" : "Remove"}
        </button>
        <button
          type="button"
          className="button button--quiet"
          disabled={removal.removing}
          onClick={() => plan.send({ type: "removal.cancel" })}
        >
          Keep it
        </button>
      </div>
    </div>
  )
}

function TemplateOption({ template, view, plan }: { template: Template; view: CopyPlanView; plan: CopyPlanActorRef }) {
  return (
    <li className="copy-option copy-template" data-template-id={template.id}>
      <label className="copy-choice">
        <input
          type="radio"
          name="copy-source"
          checked={template.chosen}
          disabled={view.locked}
          onChange={() => plan.send({ type: "template.choose", templateId: template.id })}
        />
        <span>
          <span className="coach-row-title">{template.name}</span>
          <span className="coach-row-detail">{template.detail}</span>
        </span>
      </label>
      <button
        type="button"
        className="button button--danger-quiet copy-remove"
        aria-label={`Remove template ${template.name}`}
        disabled={view.template.removal !== null}
        onClick={() => plan.send({ type: "template.remove", templateId: template.id })}
      >
        Remove
      </button>
    </li>
  )
}

/** Step 1: the workout, the day, the week, or one of the coach's templates. */
export function CopySource({ view, plan }: { view: CopyPlanView; plan: CopyPlanActorRef }) {
  const { source } = view
  const list = useRef<HTMLUListElement>(null)
  return (
    <fieldset
      className="coach-card copy-section"
      aria-describedby={source.problem === null ? undefined : "copy-source-problem"}
    >
      <legend>
        <h2>What to copy</h2>
      </legend>
      <ul className="coach-list">
        {source.options.map((option) => (
          <li key={option.value} className="copy-option">
            <label className="copy-choice">
              <input
                type="radio"
                name="copy-source"
                checked={source.chosen === option.value}
                disabled={view.locked}
                onChange={() => plan.send({ type: "source.choose", source: option.value })}
              />
              <span>
                <span className="coach-row-title">{option.label}</span>
                <span className="coach-row-detail">{option.detail}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      <h3 className="copy-subheading">Or a template</h3>
      {source.templates.length === 0 ? (
        <p className="muted">{NO_TEMPLATES}</p>
      ) : (
        <ul ref={list} className="coach-list">
          {source.templates.map((template) => (
            <TemplateOption key={template.id} template={template} view={view} plan={plan} />
          ))}
        </ul>
      )}
      <MoreTemplates
        more={source.more}
        shown={source.templates.map((template) => template.id)}
        list={list}
        onMore={() => plan.send({ type: "templates.more" })}
      />
      <TemplateRemoval view={view} plan={plan} />
      {view.template.removalNotice === null ? null : (
        <p className={view.template.removalNotice.kind === "removed" ? "coach-success" : "coach-error"} role="status">
          {view.template.removalNotice.text}
        </p>
      )}
      {source.problem === null ? null : (
        <p id="copy-source-problem" className="coach-error" role="alert">
          {source.problem}
        </p>
      )}
    </fieldset>
  )
}
