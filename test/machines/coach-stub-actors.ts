/**
 * Shared by the coach machines' path tests. The machines run with their real
 * `<name>Implementations(ports)`; only the ports are stubbed: a gateway whose calls wait
 * for the test to answer, and a replay that drives a running actor along a model path,
 * turning the model's actor-outcome and delay events into answers and elapsed time.
 */
import { vi } from "vitest"
import type { AnyActorRef, EventObject, Snapshot } from "xstate"
import type { StatePath } from "xstate/graph"

interface Call {
  readonly args: ReadonlyArray<unknown>
  readonly resolve: (output: unknown) => void
  readonly reject: (error: unknown) => void
}

/** A gateway with only the named calls, each waiting until the test settles or fails it. */
export function deferredGateway<const Name extends string>(names: ReadonlyArray<Name>) {
  const pending = new Map<string, Call>()
  const calls: Array<{ readonly name: Name; readonly args: ReadonlyArray<unknown> }> = []
  const methods = Object.fromEntries(
    names.map((name) => [
      name,
      (...args: ReadonlyArray<unknown>) =>
        new Promise((resolve, reject) => {
          calls.push({ name, args })
          pending.set(name, { args, resolve, reject })
        })
    ])
  )
  const take = (name: Name): Call => {
    const call = pending.get(name)
    if (call === undefined) throw new Error(`${name} was not called, so it cannot be answered`)
    pending.delete(name)
    return call
  }
  return {
    // Typed loosely on purpose: each machine's ports check the names, the test answers the values.
    gateway: methods as never,
    calls,
    isWaitingFor: (name: Name) => pending.has(name),
    argsOf: (name: Name) => pending.get(name)?.args,
    settle: (name: Name, output: unknown) => take(name).resolve(output),
    fail: (name: Name, error: unknown) => take(name).reject(error)
  }
}

export type DeferredGateway<Name extends string = string> = ReturnType<typeof deferredGateway<Name>>

/** How the test answers one invoked actor of the machine, in terms of its gateway calls. */
export interface ActorAnswer {
  readonly done: (output: unknown) => void
  readonly error: (error: unknown) => void
}

/** An actor that makes exactly one gateway call and answers with its result. */
export const oneCall = <Name extends string>(stubs: DeferredGateway<Name>, name: Name): ActorAnswer => ({
  done: (output) => stubs.settle(name, output),
  error: (error) => stubs.fail(name, error)
})

export const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as const
export const failure = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error }) as const

/** Enough turns for a gateway answer to pass through the actor and reach the machine. */
export const settleMicrotasks = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve()
}

/**
 * Sends each step of `path` to `actor`: actor outcomes are answered through
 * `answers[actorId]`, `xstate.after.*` advances fake timers by `delays[name]`, anything
 * else is sent as is. First on the initial snapshot, then after each step,
 * `check(expectedSnapshot, lastEvent)` runs against the live actor.
 */
export async function replayPath<S extends Snapshot<unknown>, E extends EventObject>(
  initial: S,
  path: StatePath<S, E>,
  actor: AnyActorRef,
  answers: Readonly<Record<string, ActorAnswer>>,
  check: (expected: S, event: E | undefined) => void,
  delays: Readonly<Record<string, number>> = {}
): Promise<void> {
  const answer = (id: string): ActorAnswer => {
    const found = answers[id]
    if (found === undefined) throw new Error(`no answer given for the actor ${id}`)
    return found
  }
  await settleMicrotasks()
  check(initial, undefined)
  for (const { event, state } of path.steps) {
    const type = event.type
    if (type.startsWith("xstate.done.actor.")) {
      answer(type.slice("xstate.done.actor.".length)).done((event as { output?: unknown }).output)
    } else if (type.startsWith("xstate.error.actor.")) {
      answer(type.slice("xstate.error.actor.".length)).error((event as { error?: unknown }).error)
    } else if (type.startsWith("xstate.after.")) {
      const name = type.split(".")[2] ?? ""
      const ms = delays[name]
      if (ms === undefined) throw new Error(`no duration given for the delay ${name}`)
      vi.advanceTimersByTime(ms)
    } else actor.send(event)
    await settleMicrotasks()
    check(state, event)
  }
}
