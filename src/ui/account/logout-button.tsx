import { useSelector } from "@xstate/react"
import { selectLogoutView, type SessionActorRef } from "#machines/session/session.selectors.ts"
import "./account.css"
import "./logout-button.css"

/**
 * 'Log Out' (client dashboard); a failed logout is shown, not only logged (docs/product.md).
 * Logged sets that have not reached the coach are never erased without asking first.
 * `label` and `primary` are for a screen where signing out is the way on, not an aside
 * ('Sign in again' once our server refused the session): the flow is the same.
 */
export function LogoutButton({
  session,
  label = "Log Out",
  primary = false
}: {
  session: SessionActorRef
  label?: string
  primary?: boolean
}) {
  const view = useSelector(session, selectLogoutView)
  if (view.question !== null) {
    return (
      <div
        className="account-form logout-question"
        role="alertdialog"
        aria-labelledby="logout-question"
        aria-modal="false"
      >
        <p id="logout-question" className="account-error">
          {view.question}
        </p>
        <button type="button" className="button" onClick={() => session.send({ type: "logout.cancel" })}>
          Stay signed in
        </button>
        <button type="button" className="button button--quiet" onClick={() => session.send({ type: "logout.confirm" })}>
          Sign out anyway
        </button>
      </div>
    )
  }
  return (
    <div className="account-form">
      <button
        type="button"
        className={primary ? "button" : "button button--quiet"}
        disabled={!view.canLogOut}
        onClick={() => session.send({ type: "logout.request" })}
      >
        {view.busy ? "Logging out…" : label}
      </button>
      {view.error === null ? null : (
        <p className="account-error" role="alert">
          {view.error}
        </p>
      )}
    </div>
  )
}
