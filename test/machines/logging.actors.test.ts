import { describe, expect, test } from "vitest"
import { createActor, toPromise } from "xstate"
import { NotFound } from "#domain/api-errors.ts"
import { SetNotFound } from "#domain/workout-errors.ts"
import type { SetId, UserId } from "#domain/ids.ts"
import { GatewayDefect } from "#gateway/gateway-defect.ts"
import { loggingImplementations, type LoggingPorts } from "#machines/logging/logging.actors.ts"

const SET = 55 as SetId

const implementationsAnswering = (removeLoggedSet: () => Promise<unknown>) =>
  loggingImplementations({
    gateway: { removeLoggedSet } as unknown as LoggingPorts["gateway"],
    clientId: 7 as UserId,
    storeClock: () => undefined,
    clearWorkoutStarted: () => undefined,
    replaceScreen: () => undefined,
    showDashboard: () => undefined,
    forgetSet: () => undefined,
    openLoads: () => new Promise(() => undefined)
  })

const remove = (removeLoggedSet: () => Promise<unknown>) =>
  toPromise(createActor(implementationsAnswering(removeLoggedSet).actors.removeSet, { input: { setId: SET } }).start())

describe("removing an added set", () => {
  test("a set the server no longer has (a retry after a lost answer) counts as removed", async () => {
    await expect(remove(() => Promise.reject(new SetNotFound({ error: "setId: no set" })))).resolves.toEqual({
      id: SET
    })
  })

  test("only SetNotFound means that: a generic 404 with the same words is a failure", async () => {
    const generic = new NotFound({ error: "setId: no set" })
    await expect(remove(() => Promise.reject(generic))).rejects.toBe(generic)
  })

  test("any other failure is a failure the lifter is told about", async () => {
    const offline = new GatewayDefect({ reason: "network", message: "offline" })
    await expect(remove(() => Promise.reject(offline))).rejects.toBe(offline)
  })
})
