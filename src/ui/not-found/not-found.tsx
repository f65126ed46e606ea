import { Link } from "@tanstack/react-router"

/** Shown for any path no route matches; the text is SPEC's, kept word for word (docs/product.md, Screens). */
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
