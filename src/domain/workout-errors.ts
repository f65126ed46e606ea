import * as Schema from "effect/Schema"
import { coded } from "./api-errors.ts"

/*
 * The refusals of the workout calls that mean something to the screens (docs/decisions/
 * 045-domain-errors.md): the class is the meaning, `httpApiStatus` only how it travels.
 * Each answers the API's {"error": "<message>"} with its `code`, so a client decodes the
 * class, and a caller branches on `_tag`, never on the message.
 */

export class ClientNotFound extends Schema.Error<ClientNotFound>("ClientNotFound")(coded("ClientNotFound"), {
  httpApiStatus: 404,
  description: "No client with this id on the caller's client list"
}) {
  readonly _tag = "ClientNotFound" as const
}

export class WorkoutNotFound extends Schema.Error<WorkoutNotFound>("WorkoutNotFound")(coded("WorkoutNotFound"), {
  httpApiStatus: 404,
  description: "No workout at this client, date and order that the caller may change"
}) {
  readonly _tag = "WorkoutNotFound" as const
}

export class SetNotFound extends Schema.Error<SetNotFound>("SetNotFound")(coded("SetNotFound"), {
  httpApiStatus: 404,
  description: "No set with this id in the caller's workouts (it may have been removed)"
}) {
  readonly _tag = "SetNotFound" as const
}

export class LoggedResultsExist extends Schema.Error<LoggedResultsExist>("LoggedResultsExist")(
  coded("LoggedResultsExist"),
  { httpApiStatus: 409, description: "The edit removes sets the client logged; send discardLogged to remove them" }
) {
  readonly _tag = "LoggedResultsExist" as const
}

export class KeyReused extends Schema.Error<KeyReused>("KeyReused")(coded("KeyReused"), {
  httpApiStatus: 409,
  description: "The idempotency key already stored a different request; a new one needs a new key"
}) {
  readonly _tag = "KeyReused" as const
}
