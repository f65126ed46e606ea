/**
 * The coach's unit beside the builder, walked by its model (every state, every
 * transition), and run with its real implementations: what the builder is told, and
 * that a failed read or a missing coach tells it nothing (the weight field stays lb).
 */
import { describe, expect, test } from "vitest"
import { createActor } from "xstate"
import { UserId } from "#domain/ids.ts"
import type { Preferences } from "#domain/preferences.ts"
import type { BuilderEvent } from "#machines/builder/builder.types.ts"
import { coachUnitImplementations } from "#machines/coach-unit/coach-unit.actors.ts"
import { coachUnitMachine } from "#machines/coach-unit/coach-unit.machine.ts"
import { leafOf, modelOf } from "./client-model-walk.ts"
import { done, failure, settleMicrotasks } from "./coach-stub-actors.ts"

const walk = modelOf(coachUnitMachine, {
  input: undefined,
  events: () => [done("readUnit", "kg"), failure("readUnit", new Error("offline"))],
  serialize: (snapshot) => leafOf(snapshot)
})

describe("the coach's unit machine's model", () => {
  test("reaches every state the machine declares", () => {
    expect(walk.reachedStates).toEqual(walk.leafStates)
  })

  test("takes every transition the machine declares", () => {
    expect(walk.untakenTransitions).toEqual([])
  })
})

const coach = UserId.make(3)

function running(read: (id: UserId) => Promise<Preferences>, coachId: UserId | null = coach) {
  const told: Array<BuilderEvent> = []
  const asked: Array<UserId> = []
  const actor = createActor(
    coachUnitMachine.provide(
      coachUnitImplementations({
        coachId: () => coachId,
        gateway: {
          preferences: (id: UserId) => {
            asked.push(id)
            return read(id)
          }
        },
        listener: { send: (event: BuilderEvent) => told.push(event) }
      })
    )
  ).start()
  return { actor, told, asked }
}

describe("the coach's unit, told to the builder", () => {
  test("the signed-in coach's unit is read once and told", async () => {
    const { actor, told, asked } = running(() => Promise.resolve({ unit: "kg", bar: null, smallest_plate: null }))
    await settleMicrotasks()
    expect(leafOf(actor.getSnapshot())).toBe("known")
    expect(asked).toEqual([coach])
    expect(told).toEqual([{ type: "unit.known", unit: "kg" }])
  })

  test("a failed read tells nothing, so the field stays in lb", async () => {
    const { actor, told } = running(() => Promise.reject(new Error("offline")))
    await settleMicrotasks()
    expect(leafOf(actor.getSnapshot())).toBe("unread")
    expect(told).toEqual([])
  })

  test("with no coach signed in nothing is asked or told", async () => {
    const { actor, told, asked } = running(() => Promise.resolve({ unit: "kg", bar: null, smallest_plate: null }), null)
    await settleMicrotasks()
    expect(leafOf(actor.getSnapshot())).toBe("unread")
    expect([told, asked]).toEqual([[], []])
  })
})
