// The processing allowance: minutes used of the limit, what is left, and the trial's status.
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import type { Dashboard } from "@/lib/browser/types";

type Usage = Dashboard["usage"];

const minutes = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(1)} min`;

export function AllowanceCard({ usage }: { usage: Usage }) {
  const used = usage.total_minutes;
  const limit = usage.total_limit_minutes;
  // A sliver stays visible once anything is used.
  const pct = Math.min(100, Math.max(used > 0 ? 1 : 0, usage.usage_percentage));
  const expired = usage.trial_status === "expired";
  const low = !expired && pct >= 90;
  return (
    <Card aria-labelledby="allowance-heading" className="min-w-0">
      <CardHeader
        title="Processing allowance"
        titleId="allowance-heading"
        description={`${usage.plan === "trial" ? "Trial" : usage.plan} plan · ${usage.total_jobs} ${usage.total_jobs === 1 ? "run" : "runs"} so far`}
        actions={<Badge tone={expired ? "amber" : "green"}>{expired ? "Trial used up" : "Trial active"}</Badge>}
      />
      <div className="space-y-3 px-5 py-4">
        <div
          role="meter"
          aria-label="Minutes used of the allowance"
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={used}
          aria-valuetext={`${minutes(used)} used of ${minutes(limit)}, ${minutes(usage.remaining_trial_minutes)} left`}
          className="h-2.5 overflow-hidden rounded-full bg-zinc-100"
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
