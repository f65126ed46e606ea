import type { IsoDate } from "#domain/calendar.ts"
import type { Logbook } from "#domain/import-formats/logbook.ts"
import { unansweredCalls } from "#gateway/lazy-calls.ts"
import type { HistoryImportPorts } from "./history-import.actors.ts"
import type { ChosenFile } from "./history-import.types.ts"

/** A Strong export as read: two sessions, kg, a warm-up and a rest timer left out. */
export const strongLogbook: Logbook = {
  source: "strong",
  sessions: [
    {
      key: "strong:2026-11-02 18:03:22:Push Day",
      date: "2026-11-02" as IsoDate,
      startedAt: "2026-11-02T18:03:22.000Z",
      durationSeconds: 3900,
      title: "Push Day",
      exercises: [
        {
          name: "Bench Press (Barbell)",
          sets: [
            { weight: 80, unit: "kg", reps: 5, rpe: 8 },
            { weight: 80, unit: "kg", reps: 5, rpe: null }
          ]
        },
        { name: "Cable Fly Crossovers", sets: [{ weight: 15, unit: "kg", reps: 12, rpe: null }] }
      ]
    },
    {
      key: "strong:2026-11-04 18:10:00:Legs",
      date: "2026-11-04" as IsoDate,
      startedAt: "2026-11-04T18:10:00.000Z",
      durationSeconds: 4200,
      title: "Legs",
      exercises: [{ name: "Squat (Barbell)", sets: [{ weight: 120, unit: "kg", reps: 5, rpe: 8.5 }] }]
    }
  ],
  left: [
    { line: 2, reason: "warm-up", excerpt: "Bench Press (Barbell), W, 40, 10" },
    { line: 6, reason: "rest timer", excerpt: "Rest Timer, 90" }
  ]
}

/** The same sessions from Strong's comma export, which gives no unit. */
export const unitlessLogbook: Logbook = {
  ...strongLogbook,
  sessions: strongLogbook.sessions.map((session) => ({
    ...session,
    exercises: session.exercises.map((exercise) => ({
      ...exercise,
      sets: exercise.sets.map((set) => ({ ...set, unit: null }))
    }))
  }))
}

export const strongFile: ChosenFile = { name: "strong_workouts.csv", size: 2048 }

export const STORY_IMPORT_KEY = "story-import-key-0001"

/** Ports that never answer, so a story stays in the state it shows. */
export const storyHistoryImportPorts: HistoryImportPorts = {
  readLogbook: () => ({ done: new Promise(() => undefined), stop: () => undefined }),
  gateway: unansweredCalls(),
  imported: () => undefined
}
