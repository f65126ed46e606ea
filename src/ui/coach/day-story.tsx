import type { ReactNode } from "react"
import { daySetsOf, performedLoadOf } from "#domain/set-loads.ts"
import { coachDayImplementations } from "#machines/coach-day/coach-day.actors.ts"
import { dayInput, storyCoachDayPorts } from "#machines/coach-day/coach-day.fixtures.ts"
import { coachDayMachine } from "#machines/coach-day/coach-day.machine.ts"
import type { CoachDayContext } from "#machines/coach-day/coach-day.types.ts"
import { loadReferencesImplementations } from "#machines/load-references/load-references.actors.ts"
import {
  plannedReferencesPorts,
  pounds,
  recentResults,
  referencesInput,
  testedMaxes
} from "#machines/load-references/load-references.fixtures.ts"
import { loadReferencesMachine } from "#machines/load-references/load-references.machine.ts"
import type { LoadReferencesActorRef } from "#machines/load-references/load-references.selectors.ts"
import { workoutRemovalImplementations } from "#machines/workout-removal/workout-removal.actors.ts"
import { removalContext, removalInput, storyRemovalPorts } from "#machines/workout-removal/workout-removal.fixtures.ts"
import { workoutRemovalMachine } from "#machines/workout-removal/workout-removal.machine.ts"
import type { WorkoutRemovalContext } from "#machines/workout-removal/workout-removal.types.ts"
import { exerciseDemoImplementations } from "#machines/exercise-demo/exercise-demo.actors.ts"
import { exerciseDemoMachine } from "#machines/exercise-demo/exercise-demo.machine.ts"
import type { ExerciseDemoContext } from "#machines/exercise-demo/exercise-demo.types.ts"
import { storyExerciseDemoPorts } from "#machines/exercise-demo/exercise-demo.fixtures.ts"
import type { CommentListContext } from "#machines/comments/comment-list.machine.ts"
import { StoryComments } from "#ui/comments/comments-story.tsx"
import { useStartedActor } from "../client/client-story.tsx"
import { CoachDay } from "./coach-day.tsx"
import { SeededActor } from "./seeded-actor.tsx"

// Stories only: the coach's day with its two machines seeded, each in the state a story shows.

const dayMachine = coachDayMachine.provide(coachDayImplementations(storyCoachDayPorts))
const removalMachine = workoutRemovalMachine.provide(workoutRemovalImplementations(storyRemovalPorts))
const demoMachine = exerciseDemoMachine.provide(exerciseDemoImplementations(storyExerciseDemoPorts))

/** The client's worked-out loads: their maxes, 8 weeks of sets and plates, and the day as they logged it. */
function ClientLoads({
  context,
  children
}: {
  context: CoachDayContext
  children: (loads: LoadReferencesActorRef) => ReactNode
}) {
  const logged = new Map(context.results.map((row) => [row.id, row] as const))
  const loads = useStartedActor(
    loadReferencesMachine.provide(
      loadReferencesImplementations(
        plannedReferencesPorts({
          maxes: { with: testedMaxes },
          preferences: { with: pounds },
          results: { with: recentResults },
          day: daySetsOf(context.workouts, (row) => {
            const result = logged.get(row.id)
            return result === undefined || result.skipped ? undefined : performedLoadOf(result)
          })
        })
      )
    ),
    referencesInput
  )
  return children(loads)
}

export interface DayScreenProps {
  readonly state: string
  readonly context: CoachDayContext
  readonly removalState?: string
  readonly removal?: WorkoutRemovalContext
  readonly withLoads?: boolean
  /** The client's comments on the day, shown beside their sets and workout. */
  readonly comments?: CommentListContext
  /** The demo link editor's state and context (docs/decisions/048). */
  readonly demoState?: string
  readonly demo?: ExerciseDemoContext
}

const NO_DEMO_EDIT: ExerciseDemoContext = { exerciseId: null, name: "", draft: null, error: null }

export function DayScreen({
  state,
  context,
  removalState = "idle",
  removal = removalContext({ target: null }),
  withLoads = false,
  comments,
  demoState = "idle",
  demo = NO_DEMO_EDIT
}: DayScreenProps) {
  return (
    <SeededActor machine={dayMachine} state={state} context={context} input={dayInput}>
      {(day) => (
        <SeededActor machine={removalMachine} state={removalState} context={removal} input={removalInput}>
          {(removing) => (
            <SeededActor machine={demoMachine} state={demoState} context={demo} input={undefined}>
              {(demos) =>
                withLoads ? (
                  <ClientLoads context={context}>
                    {(loads) => <CoachDay day={day} removal={removing} loads={loads} demos={demos} />}
                  </ClientLoads>
                ) : comments === undefined ? (
                  <CoachDay day={day} removal={removing} demos={demos} />
                ) : (
                  <StoryComments state="showing" context={comments}>
                    {(slot) => <CoachDay day={day} removal={removing} comments={slot} demos={demos} />}
                  </StoryComments>
                )
              }
            </SeededActor>
          )}
        </SeededActor>
      )}
    </SeededActor>
  )
}
