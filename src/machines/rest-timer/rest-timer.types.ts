export interface RestTimerContext {
  /** How long the next rest lasts: the lifter's +/- taps change it for the page's life. */
  readonly restSeconds: number
  /** When the current (or last) rest ends, epoch ms. */
  readonly endsAt: number
  /** The last moment the machine was told of, epoch ms: what is left is `endsAt - now`. */
  readonly now: number
}

/** What the ticker is started with: the end to wake up for. */
export interface RestTickerInput {
  readonly endsAt: number
}

/** Events that happen at a moment carry it, so the machine never reads the clock. */
export type RestTimerEvent =
  /** `seconds`: the coach's rest for the set just done (0: none, go straight on); absent: the lifter's own. */
  | { readonly type: "rest.start"; readonly at: number; readonly seconds?: number }
  | { readonly type: "rest.tick"; readonly at: number }
  | { readonly type: "rest.add"; readonly seconds: number }
  | { readonly type: "rest.skip" }
  | { readonly type: "rest.dismiss" }
