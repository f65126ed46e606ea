/**
 * The browser side of the done-work contract (#domain/done-work-api.ts): the same token,
 * retry and errors as the main gateway (./gateway.ts), in a module of its own so only the
 * screens that read it (progress, a client's maxes) load it. Rejects with a DeclaredError
 * or a GatewayDefect.
 */
import { DoneWorkApi } from "#domain/done-work-api.ts"
import type { DoneWork, DoneWorkQuery } from "#domain/done-work.ts"
import type { UserId } from "#domain/ids.ts"
import { makeContractClient } from "./contract-client.ts"
import { runToPromise, signedInCalls, type GatewayOptions } from "./gateway.ts"

export interface DoneWorkGateway {
  /** The client's sets done from `from` through `today`, each on the day it was done. */
  readonly doneSets: (clientId: UserId, query: DoneWorkQuery) => Promise<DoneWork>
}

export function makeDoneWorkGateway(options: GatewayOptions): DoneWorkGateway {
  const { fetch, headers, retryWithFreshToken } = signedInCalls(options)
  const client = makeContractClient(DoneWorkApi, { baseUrl: options.baseUrl, headers, fetch })
  return {
    doneSets: (clientId, query) =>
      runToPromise(retryWithFreshToken(() => client.doneWork.doneSets({ params: { clientId }, query }))() as never)
  }
}
