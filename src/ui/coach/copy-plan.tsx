import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { selectCopyPlan, type CopyPlanActorRef } from "#machines/copy-plan/copy-plan.selectors.ts"
import type { ProgramFilesActorRef } from "#machines/program-files/program-files.selectors.ts"
import { RetryAlert } from "#ui/layout/retry-alert.tsx"
import { CopyCreated, CopyPreview } from "./copy-report.tsx"
import { CopyRepeats } from "./copy-repeats.tsx"
import { CopySource } from "./copy-source.tsx"
import { CopyTargets } from "./copy-targets.tsx"
import { CopyTemplateSave } from "./copy-template-save.tsx"
import { ProgramFiles } from "./program-files.tsx"
import "./coach.css"
import "./copy-plan.css"

/**
 * /coach/copy/{userId}/{date}: copy a client's workout, day or week (or a template) to
 * the coach's clients, repeat it week after week, preview what the server will create,
 * then create it. With `programs`, the coach's program files beside their templates
 * (docs/decisions/049): a program imported as a template, a template exported as a file.
 */
export function CopyPlan({ plan, programs }: { plan: CopyPlanActorRef; programs?: ProgramFilesActorRef | undefined }) {
  const view = useSelector(plan, selectCopyPlan)
  const back = (
    <Link className="button button--quiet" to="/coach/workouts/$userId/$date" params={view.backToDay}>
      Back to day
    </Link>
  )
  return (
    <main className="page coach-stack copy-plan">
      <h1>{view.heading}</h1>
      {view.status === "loading" ? <p role="status">Loading your clients and templates…</p> : null}
      {view.status === "loadFailed" && view.loadError !== null ? (
        <div className="coach-card">
          <RetryAlert message={view.loadError} onRetry={() => plan.send({ type: "setup.retry" })} />
        </div>
      ) : null}
      {view.status === "notFound" ? <p className="coach-error">{view.loadError}</p> : null}
      {view.status !== "ready" ? null : view.created !== null ? (
        <CopyCreated view={view} plan={plan} />
      ) : (
        <>
          <CopySource view={view} plan={plan} />
          <CopyTargets view={view} plan={plan} />
          <CopyRepeats view={view} plan={plan} />
          <CopyPreview view={view} plan={plan} />
          <CopyTemplateSave view={view} plan={plan} />
          {programs === undefined ? null : (
            <ProgramFiles
              programs={programs}
              templates={view.source.templates}
              more={view.source.more}
              onMore={() => plan.send({ type: "templates.more" })}
            />
          )}
        </>
      )}
      <div className="coach-actions">{back}</div>
    </main>
  )
}
