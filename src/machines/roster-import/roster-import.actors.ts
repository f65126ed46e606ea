import { fromPromise } from "xstate"
import type { RosterFile } from "#domain/roster-file.ts"
import type { RosterReport } from "#domain/roster-import.ts"
import type { ClientLookup } from "#domain/workout.ts"
import type { DataGateway } from "#gateway/data-gateway.ts"
import type { ImportRosterInput, PickedFile } from "./roster-import.types.ts"

/** What the roster import needs from outside: the call, and the client list to show its answer. */
export interface RosterImportPorts {
  readonly data: Pick<DataGateway, "importClients">
  /** The client list shows the coach's list as the import left it (coach-clients' `clients.imported`). */
  readonly showClients: (clients: ClientLookup) => void
}

/** The roster import's real actors and action, for `rosterImportMachine.provide(...)`. */
export function rosterImportImplementations(ports: RosterImportPorts) {
  return {
    actors: {
      // The picked file reads its own text (a browser File does); the preview is the domain's reading
      // of it, with the CSV reader fetched only then (docs/decisions/047: the dashboard's first load).
      readFile: fromPromise<RosterFile, { readonly file: PickedFile }>(async ({ input }) => {
        const [{ readRosterFile }, text] = await Promise.all([import("#domain/roster-file.ts"), input.file.text()])
        return readRosterFile(text)
      }),
      importClients: fromPromise<RosterReport, ImportRosterInput>(async ({ input }) =>
        ports.data.importClients(input.rows)
      )
    },
    actions: {
      showClients: (_: unknown, { clients }: { clients: ClientLookup }) => ports.showClients(clients)
    }
  }
}
