import { Link, useRouterState } from "@tanstack/react-router"
import type { ReactNode } from "react"
import { AREA_TABS, currentTab, TAB_LABELS, type Area, type Tab } from "./area.ts"
import "./bottom-nav.css"

function NavIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  )
}

const TAB_ICONS: Readonly<Record<Tab, ReactNode>> = {
  dashboard: <path d="M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />,
  calendar: (
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </>
  ),
  progress: <path d="M3 20h18M5 16l4-5 4 3 6-8" />,
  chat: <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />,
  profile: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </>
  )
}

/** The most a badge spells out; more reads "99+". */
const BADGE_MAX = 99

/**
 * The area's main navigation: SPEC's dashboard and calendar first, then the area's other
 * screens, so each is one tap from anywhere (docs/decisions/022-navigation.md). The Chat
 * tab carries the unread messages (the client's thread, or every client's for a coach).
 * One element for every width: a bar at the foot of a phone, a rail on the left of a
 * desk's screen from 1024 px (bottom-nav.css), where the app's name heads it.
 */
export function BottomNav({
  area,
  unread = null,
  note = null
}: {
  area: Area
  /** Unread chat messages; null while none are known (no badge). */
  unread?: number | null
  /** A line on top of the bar (AreaLayout's word on the live stream); null for none. */
  note?: string | null
}) {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const current = currentTab(area, pathname)
  return (
    <nav className="bottom-nav" aria-label="Main">
      {/* Shown on the rail only: a phone's bar has no room for it. */}
      <p className="nav-brand">
        <span className="brand-mark" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2.2">
            <path d="M6 8v8M18 8v8M3 10v4M21 10v4M6 12h12" strokeLinecap="round" />
          </svg>
        </span>
        Strength Coach
      </p>
      {note === null ? null : (
        <p className="live-note" role="status">
          {note}
        </p>
      )}
      <ul>
        {AREA_TABS[area].map((tab) => {
          const badge = tab === "chat" && unread !== null && unread > 0 ? unread : null
          return (
            <li key={tab}>
              <Link
                to={`/${area}/${tab}`}
                aria-current={tab === current ? "page" : undefined}
                aria-label={badge === null ? undefined : `${TAB_LABELS[tab]}, ${badge} unread`}
              >
                <span className="nav-icon">
                  <NavIcon>{TAB_ICONS[tab]}</NavIcon>
                  {/* The count is drawn by CSS (::after): the tab's name says it in words. */}
                  {badge === null ? null : (
                    <span
                      className="nav-badge"
                      data-count={badge > BADGE_MAX ? `${BADGE_MAX}+` : String(badge)}
                      aria-hidden="true"
                    />
                  )}
                </span>
                {TAB_LABELS[tab]}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
