import type { MouseEvent, ReactNode } from "react"
import type { PreferencesActorRef } from "#machines/preferences/preferences.selectors.ts"
import { PreferencesForm } from "#ui/account/preferences-form.tsx"
import "./client.css"
import "./client-profile.css"

/** Where the settings icon leads: the lifter's units, bar and smallest plate, at the foot of the page. */
const SETTINGS_ID = "settings"

// Focused by hand rather than by the browser's fragment navigation, which would also push
// a history entry for a place on the same page (and, in a framed preview, leave the frame).
const showSettings = (event: MouseEvent<HTMLAnchorElement>) => {
  event.preventDefault()
  event.currentTarget.ownerDocument.getElementById(SETTINGS_ID)?.focus()
}

/**
 * /client/profile: the signed-in client's name, their coach (the real one, or none:
 * docs/decisions/033) with End coaching, their units, bar and smallest plate, which the
 * settings icon leads to (docs/decisions/018), and Log Out. The settings take focus, so a
 * keyboard or screen reader lands on them too. No progress-photo boxes: they did nothing.
 */
export function ClientProfile({
  name,
  preferences,
  coach,
  data,
  logout
}: {
  name: string
  preferences: PreferencesActorRef
  /** "Your coach" (client-profile-coach.tsx), mounted in a chunk of its own. */
  coach: ReactNode
  /** "Your data": imports and exports (your-data.tsx), mounted in a chunk of its own. */
  data?: ReactNode
  logout: ReactNode
}) {
  return (
    <main className="page profile">
      <div className="profile__top">
        <h1>{name}</h1>
        <a className="icon-button" href={`#${SETTINGS_ID}`} aria-label="Settings" onClick={showSettings}>
          <svg
            viewBox="0 0 24 24"
            width="22"
            height="22"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <circle cx="12" cy="12" r="3" />
            <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-2.9 1.2V21a2 2 0 0 1-4 0v-.1a1.7 1.7 0 0 0-2.9-1.2l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1A1.7 1.7 0 0 0 3 14.1H3a2 2 0 0 1 0-4h.1a1.7 1.7 0 0 0 1.2-2.9l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 0 1 4 0v.1a1.7 1.7 0 0 0 2.9 1.2l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 0 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
          </svg>
        </a>
      </div>
      {coach}
      <div id={SETTINGS_ID} className="profile__settings" tabIndex={-1}>
        <PreferencesForm preferences={preferences} />
      </div>
      {data}
      <div className="profile__logout">{logout}</div>
    </main>
  )
}
