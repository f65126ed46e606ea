// A load or save that failed, said in words a person can act on, with the one way out.
export function RetryAlert({ message, onRetry }: { readonly message: string; readonly onRetry: () => void }) {
  return (
    <div className="retry-alert" role="alert">
      <p>{message}</p>
      <button type="button" className="button button--quiet" onClick={onRetry}>
        Try again
      </button>
    </div>
  )
}
