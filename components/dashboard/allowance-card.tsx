// The processing allowance: minutes used of the limit, what is left, and the trial's status.
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import type { Dashboard } from "@/lib/browser/types";
import { isClerkEnabled } from "@/components/auth/auth-provider";
import { plural } from "@/lib/core/words";

type Usage = Dashboard["usage"];

const minutes = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(1)} min`;

/**
 * "Standard plan · 3 runs so far" where accounts have plans (a hosted install with sign-in); a
 * self-hosted install has no trial or plan to speak of, only the runs.
 */
function planLine(usage: Usage, hosted: boolean): string {
  const runs = `${plural(usage.total_jobs, "run")} so far`;
  if (!hosted) return runs;
  const plan = usage.plan === "trial" ? "Trial" : usage.plan.replace(/^\w/, (c) => c.toUpperCase());
  return `${plan} plan · ${runs}`;
}

export function AllowanceCard({ usage, hosted = isClerkEnabled }: { usage: Usage; hosted?: boolean }) {
  const used = usage.total_minutes;
  const limit = usage.total_limit_minutes;
  // A sliver stays visible once anything is used.
  const pct = Math.min(100, Math.max(used > 0 ? 1 : 0, usage.usage_percentage));
  const expired = usage.trial_status === "expired";
  const low = !expired && pct >= 90;
  // A self-hosted install has no plan to sell: the minutes processed, and the allowance only once
  // it is nearly or wholly used (then it matters).
  if (!hosted && !low && !expired) {
    return (
      <Card aria-labelledby="allowance-heading" className="min-w-0">
        <CardHeader title="Processing" titleId="allowance-heading" description={planLine(usage, hosted)} />
        <div className="space-y-3 px-5 py-4">
          <dl className="text-sm">
            <dt className="text-zinc-500">Minutes of video processed</dt>
            <dd data-testid="allowance-used" className="font-medium text-zinc-900">{minutes(used)}</dd>
          </dl>
          <p className="text-xs text-zinc-500">
            Counted from the length of each processed video.{" "}
            <Link href="/docs" className="text-accent-700 underline underline-offset-4">
              Usage in the API
            </Link>
          </p>
        </div>
      </Card>
    );
  }
  return (
    <Card aria-labelledby="allowance-heading" className="min-w-0">
      <CardHeader
        title="Processing allowance"
        titleId="allowance-heading"
        description={planLine(usage, hosted)}
        actions={expired ? <Badge tone="amber">Used up</Badge> : undefined}
      />
      <div className="space-y-3 px-5 py-4">
        <div
          role="meter"
          aria-label="Minutes used of the allowance"
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={used}
          aria-valuetext={`${minutes(used)} used of ${minutes(limit)}, ${minutes(usage.remaining_trial_minutes)} left`}
          className="h-2.5 overflow-hidden rounded-full bg-zinc-200 ring-1 ring-zinc-300/60 ring-inset"
        >
          <div className={cn("h-full rounded-full", expired ? "bg-amber-500" : low ? "bg-amber-400" : "bg-accent-600")} style={{ width: `${pct}%` }} />
        </div>
        <dl className="grid grid-cols-3 gap-2 text-sm">
          <div>
            <dt className="text-zinc-500">Used</dt>
            <dd data-testid="allowance-used" className="font-medium text-zinc-900">{minutes(used)}</dd>
          </div>
          <div>
            <dt className="text-zinc-500">Limit</dt>
            <dd className="font-medium text-zinc-900">{minutes(limit)}</dd>
          </div>
          <div>
            <dt className="text-zinc-500">Remaining</dt>
            <dd data-testid="allowance-remaining" className="font-medium text-zinc-900">{minutes(usage.remaining_trial_minutes)}</dd>
          </div>
        </dl>
        {expired && (
          <p className="text-sm text-amber-800">
            The allowance is used up: new videos are refused until minutes are added. Your results stay available.
          </p>
        )}
        {usage.bonus_minutes > 0 && <p className="text-xs text-zinc-500">Includes {minutes(usage.bonus_minutes)} of bonus minutes.</p>}
        <p className="text-xs text-zinc-500">
          Minutes are counted from the length of each processed video.{" "}
          <Link href="/docs" className="text-accent-700 underline underline-offset-4">
            Usage in the API
          </Link>
        </p>
      </div>
    </Card>
  );
}
