import type { UserId } from "#domain/ids.ts"

/*
 * A returning lifter's instant dashboard (docs/decisions/032): the dashboard as it last
 * stood on screen with the server's answer, kept so the next visit paints it before any JavaScript runs. dist/client/
 * dashboard.html (scripts/prerender-public.ts) links the route's stylesheets, and its
 * inline script puts this markup in #root, inert and marked "Updating…", when the person
 * this device remembers (src/identity/remembered-user.ts) is the one it was kept for, until
 * the app's first render replaces it. Sign-out removes it with every other
 * `strength-coach:` key (device-erase.ts).
 */
export const DASHBOARD_SNAPSHOT_KEY = "strength-coach:dashboard-snapshot"

/** The page the snapshot is painted on, and the address it is kept for. */
export const DASHBOARD_PATH = "/client/dashboard"

export interface DashboardSnapshot {
  /** The remembered user's id: another person's sign-in never paints it. */
  readonly user: UserId
  readonly html: string
}

/** Keeps #root's markup as it stands now: call once the dashboard shows the server's answer. */
export function keepDashboardSnapshot(user: UserId): void {
  const root = document.getElementById("root")
  if (root === null || location.pathname !== DASHBOARD_PATH) return
  const snapshot: DashboardSnapshot = { user, html: root.innerHTML }
  try {
    localStorage.setItem(DASHBOARD_SNAPSHOT_KEY, JSON.stringify(snapshot))
  } catch {
    // Storage full or blocked: the next visit waits for the app, as a first one does.
  }
}
