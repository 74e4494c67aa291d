import type { Metadata } from "next";
import { ProjectView } from "@/components/projects/project-view";

export const metadata: Metadata = { title: "Project" };

export default async function ProjectPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  return <ProjectView key={projectId} projectId={projectId} />;
}
