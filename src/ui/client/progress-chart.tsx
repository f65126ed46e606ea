import { AreaSeries, Axis, GlyphSeries, Grid, Tooltip, XYChart } from "@visx/xychart"
import type { ChartPoint } from "#machines/client-progress/client-progress.selectors.ts"

/*
 * Only the non-animated visx parts: the Animated* ones pull in react-spring
 * (DESIGN section 7). This module is loaded lazily, on /client/progress only.
 *
 * The client's own points sit on a time axis, so a gap of weeks looks like one; SPEC's
 * example points are date labels only and sit evenly. The e1RM axis is on the left,
 * labelled, which needs room SPEC's margins (left 0, bottom 0) do not leave.
 */

const DAY_MS = 86_400_000
const MARGIN = { top: 20, right: 30, bottom: 28, left: 72 }
const MAX_DATE_TICKS = 4
const LINE = "#1f4fd1"
const PR = "#b45309"
const TICK = { fill: "#4b5262", fontSize: 11 }

const timeOf = (point: ChartPoint): number => (point.date === null ? 0 : Date.parse(`${point.date}T00:00:00Z`))

/** A PR: a diamond, larger than a day's dot and in another colour. */
function PrGlyph({ x, y, size }: { x: number; y: number; size: number }) {
  const r = size / 2
  return (
    <path
      d={`M ${x} ${y - r} L ${x + r} ${y} L ${x} ${y + r} L ${x - r} ${y} Z`}
      fill={PR}
      stroke="#ffffff"
      strokeWidth={1.5}
    />
  )
}

export default function ProgressChart({
  points,
  width,
  height,
  label,
  axisLabel,
  unitText
}: {
  points: ReadonlyArray<ChartPoint>
  width: number
  height: number
  label: string
  /** "Estimated e1RM (lbs)" or "Estimated e1RM (kg)": the values are in the client's unit. */
  axisLabel: string
  /** "lbs" or "kg", after a value in the tooltip. */
  unitText: string
}) {
  const data = points as Array<ChartPoint>
  const onTimeline = points.every((point) => point.date !== null)
  const times = points.map(timeOf)
  // A day or two of room either side, so a single day sits inside the plot.
  const domain = [Math.min(...times) - 2 * DAY_MS, Math.max(...times) + 2 * DAY_MS]
  const byPoint = onTimeline
    ? { xAccessor: (point: ChartPoint) => new Date(timeOf(point)), yAccessor: (point: ChartPoint) => point.value }
    : { xAccessor: (point: ChartPoint) => point.label, yAccessor: (point: ChartPoint) => point.value }
  // Room above and below, so one day (or a flat run) still gets a scale with several values.
  const values = points.map((point) => point.value)
  const pad = Math.max(5, (Math.max(...values) - Math.min(...values)) * 0.1)
  const yDomain = [Math.min(...values) - pad, Math.max(...values) + pad]
  // Dates that were logged, at most a few, evenly picked: the axis names days that have a point.
  const step = Math.max(1, Math.ceil(times.length / MAX_DATE_TICKS))
  const dateTicks = times.filter((_, index) => index % step === 0).map((time) => new Date(time))
  const labelOf = new Map(points.map((point) => [onTimeline ? timeOf(point) : point.label, point.label]))
  const prs = data.filter((point) => point.pr)
  return (
    <XYChart
      width={width}
      height={height}
      margin={MARGIN}
      xScale={
        onTimeline
          ? { type: "time", domain: domain.map((t) => new Date(t)) }
          : { type: "band", paddingInner: 1, paddingOuter: 0 }
      }
      yScale={{ type: "linear", domain: yDomain, zero: false, nice: true }}
      accessibilityLabel={label}
    >
      <Grid columns={false} numTicks={4} lineStyle={{ stroke: "#c4c9d4", strokeDasharray: "4 4" }} />
      <AreaSeries
        dataKey={label}
        data={data}
        {...byPoint}
        fillOpacity={0.2}
        lineProps={{ stroke: LINE, strokeWidth: 2 }}
        fill={LINE}
      />
      {/* Dots make each day visible, a single one included. */}
      <GlyphSeries dataKey={`${label}, days`} data={data} {...byPoint} size={7} colorAccessor={() => LINE} />
      {prs.length > 0 ? (
        <GlyphSeries dataKey={`${label}, PRs`} data={prs} {...byPoint} size={16} renderGlyph={PrGlyph} />
      ) : null}
      <Axis
        orientation="bottom"
        {...(onTimeline ? { tickValues: dateTicks } : { numTicks: points.length })}
        hideAxisLine
        tickLabelProps={TICK}
        tickFormat={(value: Date | string) =>
          value instanceof Date
            ? (labelOf.get(value.getTime()) ??
              value.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" }))
            : value
        }
      />
      <Axis
        orientation="left"
        numTicks={4}
        hideAxisLine
        label={axisLabel}
        labelOffset={30}
        labelProps={{ fill: "#1d2433", fontSize: 12, fontWeight: 600, textAnchor: "middle" }}
        tickLabelProps={TICK}
      />
      <Tooltip<ChartPoint>
        snapTooltipToDatumX
        snapTooltipToDatumY
        showVerticalCrosshair
        showSeriesGlyphs
        renderTooltip={({ tooltipData }) => {
          const datum = tooltipData?.nearestDatum?.datum
          return datum === undefined ? null : (
            <div>
              <strong>{datum.label}</strong>: {datum.value} {unitText}
              {datum.pr ? " (PR)" : ""}
            </div>
          )
        }}
      />
    </XYChart>
  )
}
