import type { ImportId, ImportRecord } from "#domain/history-import.ts"
import type { UserId } from "#domain/ids.ts"
import { unansweredCalls } from "#gateway/lazy-calls.ts"
import type { YourDataPorts } from "./your-data.actors.ts"
import type { YourDataContext } from "./your-data.types.ts"

export const LIFTER_ID = 12 as UserId

export const recentImport: ImportRecord = {
  id: 3 as ImportId,
  source: "strong",
  file_name: "strong_workouts.csv",
  created_at: "2026-12-06T19:00:00.000Z",
  sessions: 412,
  sets: 6120,
  undo_until: "2026-12-07T19:00:00.000Z",
  undone: false
}

export const oldImport: ImportRecord = {
  id: 1 as ImportId,
  source: "hevy",
  file_name: "workout_data.csv",
  created_at: "2026-10-01T08:00:00.000Z",
  sessions: 40,
  sets: 515,
  undo_until: null,
  undone: false
}

export const yourDataContext = (overrides: Partial<YourDataContext> = {}): YourDataContext => ({
  clientId: LIFTER_ID,
  imports: [recentImport, oldImport],
  undoId: null,
  notice: null,
  error: null,
  ...overrides
})

/** Calls that never answer, so a story stays in the state it shows. */
export const storyYourDataPorts: YourDataPorts = { gateway: unansweredCalls() }
