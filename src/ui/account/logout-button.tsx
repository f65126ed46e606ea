import { useSelector } from "@xstate/react"
import { selectLogoutView, type SessionActorRef } from "#machines/session/session.selectors.ts"
import "./account.css"

/** 'Log Out' (client dashboard); a failed logout is shown, not only logged (SPEC section 8). */
export function LogoutButton({ session }: { session: SessionActorRef }) {
  const view = useSelector(session, selectLogoutView)
  return (
    <div className="account-form">
      <button
        type="button"
        className="button button--quiet"
        disabled={!view.canLogOut}
        onClick={() => session.send({ type: "logout.request" })}
      >
        {view.busy ? "Logging out…" : "Log Out"}
      </button>
      {view.error === null ? null : (
        <p className="account-error" role="alert">
          {view.error}
        </p>
      )}
    </div>
  )
}
