"use client";
// GET /api/dashboard in one view: the allowance, recent videos, quick upload, projects, keys and
// profile. While a video is queued or processing, it is fetched again every few seconds.
import Link from "next/link";
import type { ReactNode } from "react";
import { Badge, KeyStatusBadge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { CopyButton } from "@/components/ui/copy-button";
import { ListCard } from "@/components/ui/list-card";
import { PageHeader } from "@/components/ui/page-header";
import { QueryView } from "@/components/ui/query-view";
import { ProjectsCard } from "@/components/projects/projects-card";
import { AllowanceCard } from "./allowance-card";
import { QuickUploadCard } from "./quick-upload-card";
import { RecentVideosCard } from "./recent-videos-card";
import { useDashboard } from "@/hooks/queries/dashboard";
import { useOrigin } from "@/hooks/use-origin";
import { formatDate, formatRelative } from "@/lib/browser/format";
import type { ApiKey, Dashboard, Profile } from "@/lib/browser/types";
import { greetingName, shownEmail } from "@/lib/browser/profile-words";

function ProfileCard({ profile }: { profile: Profile }) {
  const rows: [string, ReactNode][] = [
    ["Name", profile.full_name || <span className="text-zinc-500">Not set</span>],
    ["Email", shownEmail(profile.email) || <span className="text-zinc-500">Not set</span>],
    ["Time zone", profile.timezone],
    ["Member since", formatDate(profile.created_at)],
    // The id is for scripts and the CLI: copied on request, not printed on the page.
    ["For scripts", <CopyButton key="id" text={profile.user_id} size="sm" variant="ghost" label="Copy your user ID" accessibleLabel="Copy your user ID for the API and the CLI" />],
  ];
  return (
    <Card aria-labelledby="profile-heading" className="min-w-0">
      <CardHeader
        title="Profile"
        titleId="profile-heading"
        actions={profile.is_admin ? <Badge tone="accent">Admin</Badge> : undefined}
      />
      <dl className="divide-y divide-zinc-100">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-1 gap-1 px-5 py-3 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm text-zinc-500">{label}</dt>
            <dd className="min-w-0 text-sm break-words text-zinc-900 sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function KeysCard({ keys }: { keys: ApiKey[] }) {
  const active = keys.filter((k) => k.is_active).length;
  return (
    <ListCard
      title="API keys"
      titleId="keys-card-heading"
      description={`${active} active of ${keys.length}`}
      link={{ href: "/keys", label: "Manage keys" }}
      items={keys}
      emptyText="No keys yet."
    >
      {(k) => (
        <li key={k.id} className="flex items-center justify-between gap-3 px-5 py-3">
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-zinc-900">{k.name}</p>
            <p className="font-mono text-xs text-zinc-500">
              {k.key_prefix}
              <span className="font-sans">
                {" · "}
                {k.last_used_at ? `used ${formatRelative(k.last_used_at)}` : "never used"}
              </span>
            </p>
          </div>
          <KeyStatusBadge isActive={!!k.is_active} />
        </li>
      )}
    </ListCard>
  );
}

function QuickStartCard() {
  const origin = useOrigin();
  const command = `curl -H "Authorization: $API_KEY" \\\n  ${origin || "http://localhost:3000"}/api/dashboard`;
  return (
    <Card aria-labelledby="quickstart-heading">
      <CardHeader
        title="Call the API"
        titleId="quickstart-heading"
        description="Every request carries one of your keys in the Authorization header."
      />
      <div className="space-y-3 px-5 py-4">
        <CodeBlock code={command} copyLabel="Copy the command" />
        <p className="text-sm">
          <Link href="/docs" className="font-medium text-accent-700 underline-offset-4 hover:underline">
            Browse every endpoint in the API docs
          </Link>
        </p>
      </div>
    </Card>
  );
}

export function DashboardView() {
  const dashboard = useDashboard();
  return (
    <QueryView query={dashboard} loadingLabel="Loading your dashboard…" errorTitle="Could not load your dashboard">
      {(data) => <DashboardContent data={data} />}
    </QueryView>
  );
}

function DashboardContent({ data }: { data: Dashboard }) {
  const firstName = greetingName(data.profile.full_name);
  return (
    <>
      <PageHeader title={firstName ? `Hello, ${firstName}` : "Dashboard"} description={shownEmail(data.profile.email) ?? undefined} />
      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-2">
        <div className="min-w-0 space-y-6">
          <AllowanceCard usage={data.usage} />
          <RecentVideosCard videos={data.videos} />
          <QuickUploadCard />
        </div>
        <div className="min-w-0 space-y-6">
          <ProjectsCard projects={data.projects} />
          <KeysCard keys={data.api_keys} />
          <ProfileCard profile={data.profile} />
          <QuickStartCard />
        </div>
      </div>
    </>
  );
}
