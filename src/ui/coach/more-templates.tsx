import type { CopyPlanView } from "#machines/copy-plan/copy-plan.selectors.ts"
import { LOADING_MORE_TEMPLATES, SHOW_MORE_TEMPLATES } from "#machines/copy-plan/copy-plan.selectors.ts"

/** The next page of the coach's templates, as the copy screen's view says (docs/decisions/051). */
export type MoreTemplatesView = CopyPlanView["source"]["more"]

/**
 * While the coach has templates not listed yet: the button that lists the next page, and
 * why the last try did not. Nothing once every template is listed.
 */
export function MoreTemplates({
  more,
  label,
  onMore
}: {
  more: MoreTemplatesView
  /** The button's name, when another list on the screen has a button like it. */
  label?: string | undefined
  onMore: () => void
}) {
  if (more === null) return null
  return (
    <div className="coach-stack">
      {more.failure === null ? null : (
        <p className="coach-error" role="alert">
          {more.failure}
        </p>
      )}
      <div className="coach-actions">
        <button
          type="button"
          className="button button--quiet"
          aria-label={more.loading ? undefined : label}
          disabled={more.loading}
          onClick={onMore}
        >
          {more.loading ? LOADING_MORE_TEMPLATES : SHOW_MORE_TEMPLATES}
        </button>
      </div>
    </div>
  )
}
