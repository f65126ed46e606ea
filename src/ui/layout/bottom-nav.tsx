import { Link, useRouterState } from "@tanstack/react-router"
import { currentTab, type Area } from "./area.ts"

function DashboardIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" strokeLinejoin="round" />
    </svg>
  )
}

function CalendarIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" strokeLinecap="round" />
    </svg>
  )
}

/** The area's fixed bottom bar. SPEC lists only dashboard and calendar as tabs. */
export function BottomNav({ area }: { area: Area }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const tab = currentTab(area, pathname)
  return (
    <nav className="bottom-nav" aria-label="Main">
      <ul>
        <li>
          <Link to={`/${area}/dashboard`} aria-current={tab === "dashboard" ? "page" : undefined}>
            <span className="nav-icon">
              <DashboardIcon />
            </span>
            Dashboard
          </Link>
        </li>
        <li>
          <Link to={`/${area}/calendar`} aria-current={tab === "calendar" ? "page" : undefined}>
            <span className="nav-icon">
              <CalendarIcon />
            </span>
            Calendar
          </Link>
        </li>
      </ul>
    </nav>
  )
}
