import { fromPromise, setup } from "xstate"
import type { Unit } from "#domain/units.ts"

// The coach's own unit for the builder's weight field (docs/decisions/038): their preferences, read
// once per visit and told to the builder (coach-unit.actors.ts). A read that fails tells
// nothing: the field stays in lb, SPEC's default, and says so truthfully.
// The coach's day is told too: its weights are shown in this unit (docs/decisions/038).
// Its own machine, beside the builder, because a restored draft resumes the builder
// without running its entry actions again; this read runs on every visit.

export const coachUnitMachine = setup({
  actors: {
    readUnit: fromPromise<Unit>(() => Promise.reject(new Error("readUnit was not provided")))
  },
  actions: {
    // Reaches the screen's machine; coachUnitImplementations provides it.
    tellUnit: (_, _unit: Unit) => undefined
  }
}).createMachine({
  id: "coachUnit",
  initial: "reading",
  states: {
    reading: {
      invoke: {
        id: "readUnit",
        src: "readUnit",
        onDone: { target: "known", actions: { type: "tellUnit", params: ({ event }) => event.output } },
        onError: "unread"
      }
    },
    known: {},
    unread: {}
  }
})

export type CoachUnitMachine = typeof coachUnitMachine
