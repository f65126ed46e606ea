import { Link } from "@tanstack/react-router"
import type { ReactNode } from "react"

function BrandMark() {
  return (
    <span className="brand-mark" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2.2">
        <path d="M6 8v8M18 8v8M3 10v4M21 10v4M6 12h12" strokeLinecap="round" />
      </svg>
    </span>
  )
}

/** A screen for people who are not signed in: the brand above one centred card. */
export function PublicPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="public-page">
      <Link to="/" className="brand">
        <BrandMark />
        Strength Coach
      </Link>
      <main className="card">
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  )
}
