// A card with the first few of something (the dashboard's keys, projects), a link to the page with
// all of them, and a line in place of the list when there are none.
import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClasses } from "./button";
import { Card, CardHeader } from "./card";

export function ListCard<T>({
  title,
  titleId,
  description,
  link,
  items,
  limit,
  emptyText,
  children,
}: {
  title: string;
  titleId: string;
  description?: ReactNode;
  link: { href: string; label: string };
  items: T[];
  /** Show only the first `limit` items, and say so in the description when some are left out. */
  limit?: number;
  emptyText: string;
  /** One `<li>` (with its key) an item. */
  children: (item: T) => ReactNode;
}) {
  const shown = limit === undefined ? items : items.slice(0, limit);
  const cut = shown.length < items.length ? `The newest ${shown.length} of ${items.length}` : undefined;
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader
        title={title}
        titleId={titleId}
        description={description ?? cut}
        actions={
          <Link href={link.href} className={buttonClasses("secondary", "sm")}>
            {link.label}
          </Link>
        }
      />
      {shown.length === 0 ? <p className="px-5 py-6 text-sm text-zinc-500">{emptyText}</p> : <ul className="divide-y divide-zinc-100">{shown.map(children)}</ul>}
    </Card>
  );
}
