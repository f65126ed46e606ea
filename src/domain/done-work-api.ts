/**
 * The contract of work as it was done (docs/decisions/042-time-honest-summaries.md): the
 * same stage, middleware and error bodies as `Api` (./api.ts), in a contract of its own so
 * the gateway chunk every signed-in screen loads does not carry it (as ./coaching-api.ts);
 * only progress and maxes read it. The server serves and documents it with the others.
 */
import * as HttpApi from "effect/http-api/HttpApi"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import { API_STAGE, Authentication, InputValidation } from "./api.ts"
import { Forbidden } from "./api-errors.ts"
import { DoneWork, DoneWorkQuery } from "./done-work.ts"
import { UserId } from "./ids.ts"
import { ClientNotFound } from "./workout-errors.ts"

export const DoneWorkGroup = HttpApiGroup.make("doneWork").add(
  HttpApiEndpoint.get("doneSets", "/api/doneSets/:clientId", {
    params: { clientId: UserId },
    query: DoneWorkQuery,
    success: DoneWork,
    error: [Forbidden, ClientNotFound]
  })
)

export const DoneWorkApi = HttpApi.make("strength-coach-done-work")
  .add(DoneWorkGroup)
  .middleware(InputValidation)
  .middleware(Authentication)
  .prefix(API_STAGE)

export type DoneWorkApi = typeof DoneWorkApi
