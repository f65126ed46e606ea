import type { IsoDate } from "#domain/calendar.ts"
import { catalogueExercise } from "#domain/exercise-catalogue.ts"

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const

/** "2026-11-02" -> "Nov 2, 2026": when a max was set, year included (maxes outlive a year). */
export const formatSetOn = (iso: IsoDate): string => {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number]
  return `${MONTHS[month - 1] ?? ""} ${day}, ${year}`
}

/** The library's name for an exercise; the id itself if the library no longer has it. */
export const exerciseName = (id: string): string => catalogueExercise(id)?.name ?? id
