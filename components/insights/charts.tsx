// The two charts of /insights, rendered on the server as SVG with visx (no script needed): each an
// image with a title and a written summary for screen readers, axes labelled, colours from the
// theme (currentColor and Tailwind's dark variant), and the numbers themselves in a table below.
import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { BarStack, LinePath } from "@visx/shape";
import type { ReactNode } from "react";
import type { Insights } from "@openoxide/questions-core/insights/schemas";
import { duration, OUTCOMES, shortDuration } from "./format";

type Day = Insights["byDay"][number];

const W = 720;
const H = 260;
const M = { top: 12, right: 16, bottom: 48, left: 60 };
const innerW = W - M.left - M.right;
const innerH = H - M.top - M.bottom;

/** At most ~8 labelled days, so labels never overlap. */
const dayTicks = (days: string[]) => days.filter((_, i) => i % Math.max(1, Math.ceil(days.length / 8)) === 0);
const tickLabel = { fill: "currentColor", fontSize: 11 } as const;
const axisLabel = { fill: "currentColor", fontSize: 12 } as const;

function Frame({ id, title, summary, children, legend, table }: { id: string; title: string; summary: string; children: ReactNode; legend: ReactNode; table: ReactNode }) {
  return (
    <figure className="grid gap-2" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="text-sm font-semibold">
        {title}
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`} className="h-auto w-full text-zinc-600 dark:text-zinc-400">
        <title id={`${id}-title`}>{title}</title>
        <Group left={M.left} top={M.top}>
          {children}
        </Group>
      </svg>
      <p id={`${id}-summary`} className="text-xs text-zinc-600 dark:text-zinc-400">
        {summary}
      </p>
      <div className="flex flex-wrap gap-3 text-xs" aria-hidden="true">
        {legend}
      </div>
      <details className="text-xs">
        <summary className="cursor-pointer font-medium">The numbers behind this chart</summary>
        <div className="mt-2 max-h-72 overflow-auto" tabIndex={0} role="region" aria-label={`${title}: table`}>
          {table}
        </div>
      </details>
    </figure>
  );
}

/** A bar's colour, or a line's (`line`: solid or "dashed"). */
function Swatch({ className, label, line }: { className: string; label: string; line?: "solid" | "dashed" }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <svg width="18" height="10" aria-hidden="true">
        {line ? <line x1="0" y1="5" x2="18" y2="5" strokeWidth="2" strokeDasharray={line === "dashed" ? "4 3" : undefined} className={className} /> : <rect width="18" height="10" rx="2" className={className} />}
      </svg>
      {label}
    </span>
  );
}

const th = "px-2 py-1 text-left font-medium";
const td = "px-2 py-1 tabular-nums";

function Axes({ x, y, format, yLabel, ticks }: { x: ReturnType<typeof scaleBand<string>>; y: ReturnType<typeof scaleLinear<number>>; format: (v: number) => string; yLabel: string; ticks: string[] }) {
  return (
    <>
      <AxisLeft scale={y} numTicks={5} tickFormat={(v) => format(Number(v))} stroke="currentColor" tickStroke="currentColor" tickLabelProps={() => ({ ...tickLabel, textAnchor: "end", dx: -4, dy: 3 })} label={yLabel} labelProps={{ ...axisLabel, textAnchor: "middle" }} labelOffset={38} />
      <AxisBottom top={innerH} scale={x} tickValues={ticks} tickFormat={(d) => String(d).slice(5)} stroke="currentColor" tickStroke="currentColor" tickLabelProps={() => ({ ...tickLabel, textAnchor: "middle" })} label="Day (UTC, MM-DD)" labelProps={{ ...axisLabel, textAnchor: "middle" }} labelOffset={14} />
    </>
  );
}

export function TimeToAnswerChart({ days }: { days: Day[] }) {
  const x = scaleBand<string>({ domain: days.map((d) => d.day), range: [0, innerW], padding: 0.2 });
  const max = Math.max(1, ...days.map((d) => d.p90Seconds ?? 0));
  const y = scaleLinear<number>({ domain: [0, max], range: [innerH, 0], nice: true });
  const cx = (d: Day) => (x(d.day) ?? 0) + x.bandwidth() / 2;
  const known = days.filter((d) => d.medianSeconds !== null);
  const slowest = known.reduce<Day | null>((a, d) => (!a || (d.medianSeconds ?? 0) > (a.medianSeconds ?? 0) ? d : a), null);
  const fastest = known.reduce<Day | null>((a, d) => (!a || (d.medianSeconds ?? 0) < (a.medianSeconds ?? 0) ? d : a), null);
  const summary = known.length
    ? `Answers came on ${known.length} of ${days.length} days. The daily median ranged from ${duration(fastest!.medianSeconds)} (${fastest!.day}) to ${duration(slowest!.medianSeconds)} (${slowest!.day}).`
    : "No request was answered by a person in this period.";
  const line = (key: "medianSeconds" | "p90Seconds", className: string, dash?: string) => (
    <LinePath<Day> data={days} x={cx} y={(d) => y(d[key] ?? 0)} defined={(d) => d[key] !== null} strokeWidth={2} strokeDasharray={dash} className={className} fill="none" />
  );
  return (
    <Frame
      id="tta"
      title="Time to answer per day: median and 90th percentile"
      summary={summary}
      legend={
        <>
          <Swatch className="stroke-orange-600 dark:stroke-orange-400" label="Median" line="solid" />
          <Swatch className="stroke-violet-600 dark:stroke-violet-400" label="90th percentile" line="dashed" />
        </>
      }
      table={
        <table className="w-full">
          <thead>
            <tr>
              <th className={th} scope="col">Day</th>
              <th className={th} scope="col">Median</th>
              <th className={th} scope="col">90th percentile</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th className={th} scope="row">{d.day}</th>
                <td className={td}>{duration(d.medianSeconds)}</td>
                <td className={td}>{duration(d.p90Seconds)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <Axes x={x} y={y} format={shortDuration} yLabel="Time to answer" ticks={dayTicks(days.map((d) => d.day))} />
      {line("p90Seconds", "stroke-violet-600 dark:stroke-violet-400", "5 4")}
      {line("medianSeconds", "stroke-orange-600 dark:stroke-orange-400")}
      {known.map((d) => (
        <circle key={d.day} cx={cx(d)} cy={y(d.medianSeconds!)} r={2.5} className="fill-orange-600 dark:fill-orange-400" />
      ))}
    </Frame>
  );
}

export function OutcomesChart({ days }: { days: Day[] }) {
  const keys = OUTCOMES.map((o) => o.key);
  const x = scaleBand<string>({ domain: days.map((d) => d.day), range: [0, innerW], padding: 0.2 });
  const max = Math.max(1, ...days.map((d) => keys.reduce((s, k) => s + d[k], 0)));
  const y = scaleLinear<number>({ domain: [0, max], range: [innerH, 0], nice: true });
  const total = (k: (typeof keys)[number]) => days.reduce((s, d) => s + d[k], 0);
  const all = keys.reduce((s, k) => s + total(k), 0);
  const busiest = days.reduce<Day | null>((a, d) => (!a || keys.reduce((s, k) => s + d[k], 0) > keys.reduce((s, k) => s + a[k], 0) ? d : a), null);
  const summary = all
    ? `${all} requests were resolved: ${OUTCOMES.map((o) => `${total(o.key)} ${o.label.toLowerCase()}`).join(", ")}. The busiest day was ${busiest!.day}.`
    : "No request was resolved in this period.";
  const classOf = Object.fromEntries(OUTCOMES.map((o) => [o.key, o.className]));
  return (
    <Frame
      id="outcomes"
      title="Requests per day by outcome"
      summary={summary}
      legend={OUTCOMES.map((o) => <Swatch key={o.key} className={o.className} label={o.label} />)}
      table={
        <table className="w-full">
          <thead>
            <tr>
              <th className={th} scope="col">Day</th>
              {OUTCOMES.map((o) => (
                <th key={o.key} className={th} scope="col">{o.label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th className={th} scope="row">{d.day}</th>
                {OUTCOMES.map((o) => (
                  <td key={o.key} className={td}>{d[o.key]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <Axes x={x} y={y} format={(v) => String(v)} yLabel="Requests" ticks={dayTicks(days.map((d) => d.day))} />
      <BarStack<Day, (typeof keys)[number]> data={days} keys={keys} x={(d) => d.day} xScale={x} yScale={y} color={() => ""}>
        {(stacks) =>
          stacks.flatMap((stack) =>
            stack.bars.filter((b) => b.height > 0).map((b) => <rect key={`${stack.key}-${b.index}`} x={b.x} y={b.y} width={b.width} height={b.height} className={classOf[stack.key]} />),
          )
        }
      </BarStack>
    </Frame>
  );
}
