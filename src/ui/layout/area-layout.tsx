import type { ReactNode } from "react"
import type { Area } from "./area.ts"
import { BottomNav } from "./bottom-nav.tsx"

/** Frame of every coach or client screen: the screen itself above the bottom bar. */
export function AreaLayout({ area, children }: { area: Area; children: ReactNode }) {
  return (
    <>
      {children}
      <BottomNav area={area} />
    </>
  )
}
