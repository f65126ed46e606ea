/** The two signed-in areas; each has its own route prefix and bottom navigation. */
export type Area = "coach" | "client"

export type Tab = "dashboard" | "calendar"

// Workout screens are reached from the calendar, so the calendar tab stays current there.
const calendarSections = ["calendar", "workouts", "workoutbuilder"]

/** Which bottom-nav tab a location belongs to, if any. */
export function currentTab(area: Area, pathname: string): Tab | null {
  const [first, section] = pathname.split("/").filter(Boolean)
  if (first !== area) return null
  if (section === undefined || section === "dashboard") return "dashboard"
  if (calendarSections.includes(section)) return "calendar"
  return null
}
