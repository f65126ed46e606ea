import type { SubmitEvent } from "react"
import { MAX_TEMPLATE_NAME_LENGTH } from "#domain/templates.ts"
import { SAVE_NEEDS_SOURCE, type CopyPlanActorRef, type CopyPlanView } from "#machines/copy-plan/copy-plan.selectors.ts"
import { RetryAlert } from "#ui/layout/retry-alert.tsx"

/** Step 5: keep the workout or week under a name, to apply to any client later. */
export function CopyTemplateSave({ view, plan }: { view: CopyPlanView; plan: CopyPlanActorRef }) {
  const { template } = view
  const notice = template.notice
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    plan.send({ type: "template.save" })
  }
  const refused = notice?.kind === "refused"
  return (
    <form
      className="coach-card coach-stack copy-section"
      aria-labelledby="copy-save-heading"
      onSubmit={submit}
      noValidate
    >
      <h2 id="copy-save-heading">Save as template</h2>
      {template.offered ? (
        <>
          <label className="field">
            Template name
            <input
              value={template.name}
              maxLength={MAX_TEMPLATE_NAME_LENGTH}
              autoComplete="off"
              disabled={template.saving}
              aria-invalid={refused}
              aria-describedby={refused ? "copy-save-notice" : undefined}
              onChange={(event) => plan.send({ type: "templateName.change", name: event.currentTarget.value })}
            />
          </label>
          <button type="submit" className="button button--quiet" disabled={template.saving}>
            {template.saving ? "Saving…" : `Save ${template.what} as template`}
          </button>
        </>
      ) : (
        <p className="muted">{SAVE_NEEDS_SOURCE}</p>
      )}
      {notice === null || notice.kind === "failed" ? null : (
        <p
          id="copy-save-notice"
          className={refused ? "coach-error" : "coach-success"}
          role={refused ? "alert" : "status"}
        >
          {notice.text}
        </p>
      )}
      {notice?.kind === "failed" && template.retry ? (
        <RetryAlert message={notice.text} onRetry={() => plan.send({ type: "library.retry" })} />
      ) : null}
    </form>
  )
}
