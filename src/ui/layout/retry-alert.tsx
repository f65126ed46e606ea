// A load or save that failed, said in words a person can act on, with the one way out
// (and, where there is somewhere to go back to, Back).
export function RetryAlert({
  message,
  onRetry,
  onBack
}: {
  readonly message: string
  readonly onRetry: () => void
  readonly onBack?: () => void
}) {
  const retry = (
    <button type="button" className="button button--quiet" onClick={onRetry}>
      Try again
    </button>
  )
  return (
    <div className="retry-alert" role="alert">
      <p>{message}</p>
      {onBack === undefined ? (
        retry
      ) : (
        <div className="retry-alert__actions">
          {retry}
          <button type="button" className="button button--quiet" onClick={onBack}>
            Back
          </button>
        </div>
      )}
    </div>
  )
}
