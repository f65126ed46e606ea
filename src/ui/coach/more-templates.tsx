import { type RefObject, useEffect, useId, useRef } from "react"
import type { TemplateId } from "#domain/templates.ts"
import type { CopyPlanView } from "#machines/copy-plan/copy-plan.selectors.ts"
import { LOADING_MORE_TEMPLATES, SHOW_MORE_TEMPLATES } from "#machines/copy-plan/copy-plan.selectors.ts"

/** The next page of the coach's templates, as the copy screen's view says (docs/decisions/051). */
export type MoreTemplatesView = CopyPlanView["source"]["more"]

/** What each row of a template list carries, its template's id, so the keyboard can be taken to it. */
const TEMPLATE_ROW_ATTRIBUTE = "data-template-id"

const controlOf = (row: Element | null | undefined) =>
  row?.querySelector<HTMLElement>("input:not(:disabled), button:not(:disabled)") ?? undefined

/**
 * The template the keyboard goes to once a page has come, from the ids the view lists before
 * and after it: the first the page listed after the ones already there (a name the server
 * sorts otherwise may land above them: then the first it listed anywhere); none when it
 * listed none.
 */
export function firstListedByPage(before: ReadonlyArray<TemplateId>, after: ReadonlyArray<TemplateId>) {
  const known = new Set(before)
  const last = before.at(-1)
  const lastKnown = last === undefined ? -1 : after.indexOf(last)
  const fresh = after.filter((id) => !known.has(id))
  return fresh.find((id) => after.indexOf(id) > lastKnown) ?? fresh[0]
}

/**
 * Where the keyboard goes once the page this button asked for has come: the template
 * firstListedByPage names, else the button again, else the list's last row.
 */
function focusAfterPage(
  list: HTMLElement | null,
  before: ReadonlyArray<TemplateId>,
  after: ReadonlyArray<TemplateId>,
  button: HTMLElement | null
) {
  // Where the coach went meanwhile (a template chosen, a name typed) keeps the keyboard.
  const active = document.activeElement
  if (active !== null && active !== document.body && active !== button) return
  // Looked up in this list alone: another list on the screen may carry the same template.
  const rowOf = (id: TemplateId | undefined) =>
    id === undefined ? null : list?.querySelector(`[${TEMPLATE_ROW_ATTRIBUTE}="${String(id)}"]`)
  const next = rowOf(firstListedByPage(before, after))
  const lastRow = rowOf(after.at(-1))
  const target = controlOf(next) ?? button ?? controlOf(lastRow)
  target?.focus()
  // Focus scrolls only the control into view: the whole row, its name too, should show.
  if (target !== undefined && target !== button)
    target.closest(`[${TEMPLATE_ROW_ATTRIBUTE}]`)?.scrollIntoView({ block: "nearest" })
}

/**
 * While the coach has templates not listed yet: the button that lists the next page, and
 * why the last try did not. Nothing once every template is listed.
 *
 * The button is disabled while the page comes, which drops the keyboard, and is gone after
 * the last page: the keyboard is taken to the first template the page listed, or back to
 * the button when the page did not come.
 */
export function MoreTemplates({
  more,
  label,
  shown,
  list,
  announceFailure = true,
  onMore
}: {
  more: MoreTemplatesView
  /** The button's name, when another list on the screen has a button like it. */
  label?: string | undefined
  /** The templates listed above the button, in the list's order. */
  shown: ReadonlyArray<TemplateId>
  /** That list; each row carries data-template-id, its template's id, by which the keyboard is taken to it. */
  list: RefObject<HTMLElement | null>
  /** False where another list on the screen already announces the same failure: it is shown, not said twice. */
  announceFailure?: boolean | undefined
  onMore: () => void
}) {
  const button = useRef<HTMLButtonElement>(null)
  const failureId = useId()
  // The templates listed when this button (not the other list's) asked for a page.
  const asked = useRef<ReadonlyArray<TemplateId> | null>(null)
  const loading = more?.loading ?? false
  useEffect(() => {
    const before = asked.current
    if (loading || before === null) return
    asked.current = null
    focusAfterPage(list.current, before, shown, button.current)
  }, [loading, shown, list])
  if (more === null) return null
  return (
    <div className="coach-stack">
      {more.failure === null ? null : (
        <p id={failureId} className="coach-error" role={announceFailure ? "alert" : undefined}>
          {more.failure}
        </p>
      )}
      <div className="coach-actions">
        <button
          ref={button}
          type="button"
          className="button button--quiet"
          aria-label={more.loading ? undefined : label}
          aria-describedby={more.failure === null ? undefined : failureId}
          disabled={more.loading}
          onClick={() => {
            asked.current = shown
            onMore()
          }}
        >
          {more.loading ? LOADING_MORE_TEMPLATES : SHOW_MORE_TEMPLATES}
        </button>
      </div>
    </div>
  )
}
