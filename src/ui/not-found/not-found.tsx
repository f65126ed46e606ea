import { Link } from "@tanstack/react-router"

/** Shown for any path no route matches; the text is fixed by SPEC.md section 2. */
export function NotFound() {
  return (
    <main className="page not-found">
      <h1>There&apos;s nothing here: 404!</h1>
      <p>
        <Link to="/">Go to the start page</Link>
      </p>
    </main>
  )
}
