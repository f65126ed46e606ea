import { AreaSeries, Axis, GlyphSeries, Grid, Tooltip, XYChart } from "@visx/xychart"
import type { LiftPoint } from "#domain/progress.ts"

/*
 * Only the non-animated visx parts: the Animated* ones pull in react-spring
 * (DESIGN section 7). This module is loaded lazily, on /client/progress only.
 */

const accessors = {
  xAccessor: (point: LiftPoint) => point.name,
  yAccessor: (point: LiftPoint) => point.value
}

// SPEC section 9: margins top 20, right 30, left 0, bottom 0.
const MARGIN = { top: 20, right: 30, bottom: 0, left: 0 }

export default function ProgressChart({
  points,
  width,
  height,
  label
}: {
  points: ReadonlyArray<LiftPoint>
  width: number
  height: number
  label: string
}) {
  return (
    <XYChart
      width={width}
      height={height}
      margin={MARGIN}
      xScale={{ type: "band", paddingInner: 1, paddingOuter: 0 }}
      yScale={{ type: "linear", zero: false, nice: true }}
      accessibilityLabel={label}
    >
      <Grid columns={false} numTicks={4} lineStyle={{ stroke: "#c4c9d4", strokeDasharray: "4 4" }} />
      <AreaSeries
        dataKey={label}
        data={points as Array<LiftPoint>}
        {...accessors}
        fillOpacity={0.25}
        lineProps={{ stroke: "#1f4fd1", strokeWidth: 2 }}
        fill="#1f4fd1"
      />
      {/* Dots make each session visible, a single one included. */}
      <GlyphSeries
        dataKey={`${label}, sessions`}
        data={points as Array<LiftPoint>}
        {...accessors}
        size={7}
        colorAccessor={() => "#1f4fd1"}
      />
      <Axis
        orientation="bottom"
        numTicks={points.length}
        hideAxisLine
        tickLabelProps={{ fill: "#4b5262", fontSize: 11 }}
      />
      <Axis orientation="right" numTicks={4} hideAxisLine tickLabelProps={{ fill: "#4b5262", fontSize: 11 }} />
      <Tooltip<LiftPoint>
        snapTooltipToDatumX
        snapTooltipToDatumY
        showVerticalCrosshair
        showSeriesGlyphs
        renderTooltip={({ tooltipData }) => {
          const datum = tooltipData?.nearestDatum?.datum
          return datum === undefined ? null : (
            <div>
              <strong>{datum.name}</strong>: {datum.value} lbs
            </div>
          )
        }}
      />
    </XYChart>
  )
}
