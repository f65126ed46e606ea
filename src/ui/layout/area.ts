/** The two signed-in areas; each has its own route prefix and bottom navigation. */
export type Area = "coach" | "client"

export type Tab = "dashboard" | "calendar" | "progress" | "chat" | "profile"

/**
 * The bottom bar's tabs, SPEC's two first (docs/decisions/022-navigation.md): every screen
 * a person uses is one tap away. A client's progress, chat and profile, and a coach's
 * profile, are tabs rather than links inside a screen.
 */
export const AREA_TABS: Readonly<Record<Area, ReadonlyArray<Tab>>> = {
  coach: ["dashboard", "calendar", "chat", "profile"],
  client: ["dashboard", "calendar", "progress", "chat", "profile"]
}

export const TAB_LABELS: Readonly<Record<Tab, string>> = {
  dashboard: "Dashboard",
  calendar: "Calendar",
  progress: "Progress",
  chat: "Chat",
  profile: "Profile"
}

// Workout screens and a client's maxes are reached from the calendar, so the calendar tab stays current there.
const calendarSections = ["calendar", "workouts", "workoutbuilder", "clients"]

/** Which bottom-nav tab a location belongs to, if any. */
export function currentTab(area: Area, pathname: string): Tab | null {
  const [first, section] = pathname.split("/").filter(Boolean)
  if (first !== area) return null
  if (section === undefined || section === "dashboard") return "dashboard"
  if (calendarSections.includes(section)) return "calendar"
  return AREA_TABS[area].find((tab) => tab === section) ?? null
}
