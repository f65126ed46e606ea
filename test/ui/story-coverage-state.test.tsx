/**
 * The check run after every story (.storybook/machine-state.ts, ADR 001) fails a story
 * that declares a machine state its actor does not show, or whose actor no story helper
 * registered: fixture stories (fixtures/door.stories.tsx) that get it right and wrong.
 */
import { composeStories, setProjectAnnotations } from "@storybook/react-vite"
import { describe, expect, test } from "vitest"
import { machineStateHooks } from "../../.storybook/machine-state.ts"
import * as doorStories from "./fixtures/door.stories.tsx"
import { doorMachine } from "./fixtures/door.machine.ts"

// Only the check: not the app's preview, which knows the machines of src/machines.
setProjectAnnotations([machineStateHooks({ door: doorMachine }, 300)])

const stories = composeStories(doorStories)

describe("the check that a story shows its machine state", () => {
  test.each([
    ["a seeded actor in the declared state", stories.Locked],
    ["a started actor in the declared parallel configuration", stories.OpenedFromInput],
    ["an actor that reaches the state a moment after rendering", stories.OpensLate],
    ["an actor in the state when play first interacts, moved on by play", stories.UnlockedThenLockedByPlay],
    ["an actor that play brings into the state", stories.LockedByPlay],
    ["a story that declares no machine state", stories.NotAboutTheMachine]
  ])("passes %s", async (_, Story) => {
    await Story.run()
  })

  test("fails a story whose actor rests in another state", async () => {
    await expect(stories.ClaimsLockedButUnlocked.run()).rejects.toThrow(
      'the story declares door in "closed.locked", but its actor is in {"closed":"unlocked"}'
    )
  })

  test("fails a parallel story when one region is in another leaf", async () => {
    await expect(stories.ClaimsTheWrongRegionLeaf.run()).rejects.toThrow(
      'declares door in "open.hinge.still + open.alarm.quiet", but its actor is in {"open":{"hinge":"swinging","alarm":"quiet"}}'
    )
  })

  test("fails a story whose actor is in the state neither before play interacts nor after", async () => {
    await expect(stories.ClaimsOpenButNeitherBeforeNorAfterPlay.run()).rejects.toThrow(
      'its actor is in {"closed":"unlocked"} when play first interacted and then is in {"closed":"locked"}'
    )
  })

  test("fails a story that creates its actor without a story helper", async () => {
    await expect(stories.NotRegistered.run()).rejects.toThrow("created no actor of door through a story helper")
  })
})
