import * as Data from "effect/Data"

/**
 * Anything the contract does not declare: the network is down, the server answered a
 * status the call does not declare (500, 413...), or a body did not match the Schema.
 * Not data to branch on: a machine routes it to a visible error state the user can
 * recover from (retry, sign in again).
 */
export class GatewayDefect extends Data.TaggedError("GatewayDefect")<{
  readonly reason: "network" | "status" | "contract" | "token"
  readonly message: string
  readonly status?: number | undefined
  readonly cause?: unknown
}> {}
