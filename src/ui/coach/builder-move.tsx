/**
 * An exercise or a set moves one place up or down. Each button names what it
 * moves ("Move Back Squat up"), and is off at its end of the list rather than doing nothing.
 */
export function MoveButtons({
  what,
  canMoveUp,
  canMoveDown,
  onMove
}: {
  readonly what: string
  readonly canMoveUp: boolean
  readonly canMoveDown: boolean
  readonly onMove: (by: -1 | 1) => void
}) {
  return (
    <>
      <button
        type="button"
        className="button button--quiet builder-tool"
        aria-label={`Move ${what} up`}
        disabled={!canMoveUp}
        onClick={() => onMove(-1)}
      >
        Up
      </button>
      <button
        type="button"
        className="button button--quiet builder-tool"
        aria-label={`Move ${what} down`}
        disabled={!canMoveDown}
        onClick={() => onMove(1)}
      >
        Down
      </button>
    </>
  )
}
