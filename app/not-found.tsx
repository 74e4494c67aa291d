import type { Metadata } from "next";
import { StatusPage } from "@/components/shell/status-page";

export const metadata: Metadata = { title: "Page not found" };

// Any address the app does not have (and pages that call notFound()).
export default function NotFound() {
  return (
    <StatusPage code="404" title="Page not found">
      There is nothing at this address. It may have been mistyped, or the page has moved.
    </StatusPage>
  );
}
