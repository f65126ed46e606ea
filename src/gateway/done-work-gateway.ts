/**
 * The browser side of the done-work contract (#domain/done-work-api.ts): the same token,
 * retry and errors as the main gateway (./gateway.ts), in a module of its own so only the
 * screens that read it (progress, a client's maxes) load it. Rejects with a DeclaredError
 * or a GatewayDefect.
 */
import { DoneWorkApi } from "#domain/done-work-api.ts"
import type { DoneWorkQuery } from "#domain/done-work.ts"
import type { UserId } from "#domain/ids.ts"
import { contractCalls, promiseCalls, type GatewayOptions, type PromiseCalls } from "./gateway.ts"

const makeDoneWorkCalls = contractCalls(DoneWorkApi, (client) => ({
  /** The client's sets done from `from` through `today`, each on the day it was done. */
  doneSets: (clientId: UserId, query: DoneWorkQuery) => client.doneWork.doneSets({ params: { clientId }, query })
}))

export type DoneWorkGateway = PromiseCalls<ReturnType<typeof makeDoneWorkCalls>>

export const makeDoneWorkGateway = (options: GatewayOptions): DoneWorkGateway =>
  promiseCalls(makeDoneWorkCalls(options))
