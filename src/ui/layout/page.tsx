import type { ReactNode } from "react"

/** One screen inside the coach or client area. */
export function Page({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <main className="page">
      <h1>{title}</h1>
      {children}
    </main>
  )
}
