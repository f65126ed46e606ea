import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { dashboardPath, selectUser, type SessionActorRef } from "#machines/session/session.selectors.ts"
import { LoginForm } from "#ui/account/login-form.tsx"
import { LogoutButton } from "#ui/account/logout-button.tsx"
import { SessionStatus } from "#ui/account/session-status.tsx"
import { PublicPage } from "#ui/layout/public-page.tsx"

/**
 * / and /login. `heldSignedIn` is the guard's word that a signed-in person followed
 * a link into the other area (src/session-guards.ts): say who is signed in and offer
 * to log out, instead of a login form they cannot use while signed in.
 */
export function LoginScreen({ session, heldSignedIn }: { session: SessionActorRef; heldSignedIn: boolean }) {
  return (
    <PublicPage title="Sign in">
      <SessionStatus session={session}>
        {heldSignedIn ? <SignedInElsewhere session={session} /> : <LoginForm session={session} />}
      </SessionStatus>
    </PublicPage>
  )
}

function SignedInElsewhere({ session }: { session: SessionActorRef }) {
  const user = useSelector(session, selectUser)
  if (user.user_type === null) return null
  return (
    <div className="account-form">
      <p role="status" style={{ overflowWrap: "anywhere" }}>
        You are signed in as {user.email} ({user.user_type}). The page you opened needs a different account: log out,
        then sign in with that one.
      </p>
      <LogoutButton session={session} />
      <p className="account-links">
        <Link to={dashboardPath(user.user_type)}>Back to your dashboard</Link>
      </p>
    </div>
  )
}
