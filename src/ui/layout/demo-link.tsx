/**
 * A coach's demo video (docs/decisions/048): a link to another site, opened in a new tab
 * that cannot reach back into ours, and said to be one. Never embedded.
 */
export function DemoLink({ url, name }: { url: string; name: string }) {
  return (
    <a className="demo-link" href={url} target="_blank" rel="noopener noreferrer">
      Watch demo<span className="visually-hidden"> of {name} (opens a new tab)</span>
      <span aria-hidden="true"> ↗</span>
    </a>
  )
}
