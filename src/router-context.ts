import type { AppServices } from "./services.ts"

/** What every route's beforeLoad and component can reach through router context. */
export interface RouterContext {
  readonly services: AppServices
}
