import { describe, expect, test } from "vitest"
import { doorMachine } from "./fixtures/door.machine.ts"
import { leafStatesOf, storyCoverage, type StoryDeclaration } from "./story-coverage.ts"

const storyFor = (machineState: string | Array<string>, machine = "door"): StoryDeclaration => ({
  story: `door.stories.tsx > ${String(machineState)}`,
  parameters: { machine, machineState }
})

const everyDoorState = [
  storyFor("closed.unlocked"),
  storyFor("closed.locked"),
  storyFor(["open.hinge.swinging", "open.alarm.quiet"]),
  storyFor(["open.hinge.still", "open.alarm.beeping"]),
  storyFor("removed")
]

describe("the story coverage checker", () => {
  test("lists every leaf state of a machine, inside compound and parallel states, and skips history", () => {
    expect(leafStatesOf(doorMachine).sort()).toEqual(
      [
        "closed.unlocked",
        "closed.locked",
        "open.hinge.swinging",
        "open.hinge.still",
        "open.alarm.quiet",
        "open.alarm.beeping",
        "removed"
      ].sort()
    )
  })

  test("reports nothing when every state of the machine has a story", () => {
    expect(storyCoverage({ door: doorMachine }, everyDoorState)).toEqual({ missing: [], invalid: [] })
  })

  test("reports a machine state that has no story", () => {
    const withoutLocked = everyDoorState.filter((story) => story.parameters?.["machineState"] !== "closed.locked")
    expect(storyCoverage({ door: doorMachine }, withoutLocked).missing).toEqual(["door: closed.locked"])
  })

  test("reports every state as missing when a machine has no stories at all", () => {
    expect(storyCoverage({ door: doorMachine }, []).missing).toHaveLength(leafStatesOf(doorMachine).length)
  })

  test("ignores stories that are not about a machine", () => {
    const plain: StoryDeclaration = { story: "button.stories.tsx > Primary", parameters: { route: "/" } }
    expect(storyCoverage({ door: doorMachine }, [...everyDoorState, plain])).toEqual({ missing: [], invalid: [] })
  })

  test("rejects a story naming a state the machine does not have", () => {
    const report = storyCoverage({ door: doorMachine }, [...everyDoorState, storyFor("ajar")])
    expect(report.invalid).toHaveLength(1)
    expect(report.invalid[0]).toContain('"ajar" is not a leaf state of door')
  })

  test("rejects a story naming a compound state instead of one of its leaves", () => {
    expect(storyCoverage({ door: doorMachine }, [storyFor("closed")]).invalid[0]).toContain('"closed" is not a leaf')
  })

  test("rejects a story naming a machine that does not exist", () => {
    expect(storyCoverage({ door: doorMachine }, [storyFor("removed", "window")]).invalid).toEqual([
      'door.stories.tsx > removed: there is no machine "window" in src/machines'
    ])
  })

  test("rejects a story that names a state but no machine", () => {
    const orphan: StoryDeclaration = { story: "x.stories.tsx > Open", parameters: { machineState: "removed" } }
    expect(storyCoverage({ door: doorMachine }, [orphan]).invalid).toHaveLength(1)
  })
})
