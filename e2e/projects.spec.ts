// Projects in a browser: the empty list, creating one (an empty name is blocked, and a refusal of
// the server is shown in its words), editing it, opening it from the list and from the dashboard
// to see a video put into it by a script, and deleting it — after which the video is still there,
// with no project.
import { expect, test } from "@playwright/test";
import { ProjectsPage } from "./pages/projects-page";
import { signInAs } from "./pages/sign-in-page";
import { createUser, uniqueEmail } from "./support/cli";
import { api, makeClip, processClip } from "./support/clips";
import { snap } from "./support/screenshots";

interface ApiProject {
  id: string;
  name: string;
}

test("create, edit, open and delete a project", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const user = createUser({ email: uniqueEmail("projects"), name: "Pia Projects" });
  const call = api(user.api_key);

  await signInAs(page, user.api_key);

  // --- Empty ----------------------------------------------------------------------------------
  const projects = new ProjectsPage(page);
  await projects.goto();
  await expect(projects.emptyState).toBeVisible();
  await snap(page, testInfo, "60-projects-empty");

  // --- Create: a name is required, and spaces are not a name ------------------------------------
  await projects.openNew();
  await expect(projects.nameInput()).toBeFocused();
  await expect(projects.submitButton("Create project")).toBeDisabled();
  await projects.nameInput().fill("   ");
  await expect(projects.submitButton("Create project")).toBeDisabled();
  await expect(projects.dialog).toContainText("A name needs more than spaces.");
  await snap(page, testInfo, "61-projects-new-blocked");
  await projects.nameInput().fill("Client A");
  await projects.descriptionInput().fill("Interviews for the spring campaign");
  await projects.submitButton("Create project").click();
  await expect(projects.dialog).toBeHidden();
  await expect(projects.row("Client A")).toContainText("No videos");
  await expect(projects.row("Client A")).toContainText("Interviews for the spring campaign");
  await expect(projects.emptyState).toBeHidden();
  await snap(page, testInfo, "62-projects-created");

  // A script puts a processed video into it, while the rest of the test goes on.
  const [created] = await call<ApiProject[]>("GET", "/projects");
  expect(created!.name).toBe("Client A");
  const clip = makeClip(`projects-${testInfo.project.name}`, { subtitles: false });
  const processed = processClip(user.api_key, clip, { modules: ["shots"], projectId: created!.id, timeoutMs: 180_000 });
  processed.catch(() => {}); // awaited below; keeps an early failure from being unhandled meanwhile

  // --- The server's refusal, in its words: saving a project deleted elsewhere -------------------
  const stale = await call<ApiProject>("POST", "/projects", { name: "Old shoot" });
  await page.reload();
  await projects.openEdit("Old shoot");
  await call("DELETE", `/projects/${stale.id}`);
  await projects.nameInput().fill("Old shoot, renamed");
  await projects.submitButton("Save").click();
  await expect(projects.dialogError).toHaveText("Project not found");
  await expect(projects.dialog).toBeVisible();
  await snap(page, testInfo, "63-projects-server-refusal");
  await projects.dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(projects.dialog).toBeHidden();
  // The list was refreshed: only Client A is left.
  await expect(projects.rows).toHaveCount(1);
  await expect(projects.row("Client A")).toBeVisible();

  // --- Edit name and description ---------------------------------------------------------------
  await projects.openEdit("Client A");
  await expect(projects.nameInput()).toHaveValue("Client A");
  await expect(projects.submitButton("Save")).toBeDisabled(); // nothing changed yet
  await projects.nameInput().fill("Client A – spring");
  await projects.descriptionInput().fill("Interviews and b-roll for the spring campaign");
  await projects.submitButton("Save").click();
  await expect(projects.dialog).toBeHidden();
  // Focus goes back to the button that opened the dialog.
  await expect(projects.row("Client A – spring").getByRole("button", { name: "Edit project “Client A – spring”" })).toBeFocused();
  await expect(projects.row("Client A – spring")).toContainText("Interviews and b-roll for the spring campaign");
  await expect(projects.row("Client A – spring")).toContainText("updated");
  await expect(projects.row("Client A")).toHaveCount(0);
  await snap(page, testInfo, "64-projects-edited");

  // --- Open it: the video is there, with its status and a link to its results -----------------
  const jobId = await processed;
  await page.reload();
  await expect(projects.row("Client A – spring")).toContainText("1 video");
  await projects.open("Client A – spring");
  await expect(page.getByText("Interviews and b-roll for the spring campaign")).toBeVisible();
  await expect(projects.videos()).toHaveCount(1);
  const video = projects.videos().first();
  await expect(video).toHaveAttribute("data-job-id", jobId);
  await expect(video.locator("[data-status]")).toHaveAttribute("data-status", "completed");
  await expect(video.getByRole("link", { name: /projects-/ })).toHaveAttribute("href", `/videos/${jobId}`);
  // The thumbnail is loaded lazily: wait for it so the screenshot shows it.
  await expect.poll(() => video.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await snap(page, testInfo, "65-projects-detail");

  // The dashboard lists it and leads to the same page.
  await page.goto("/dashboard");
  const card = page.getByRole("region", { name: "Projects" });
  await expect(card).toContainText("1 video");
  await snap(page, testInfo, "66-projects-dashboard-card");
  await card.getByRole("link", { name: /Client A – spring/ }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${created!.id}$`));
  await expect(projects.videos()).toHaveCount(1);

  // --- Delete it: the confirmation says the video stays ----------------------------------------
  await projects.deleteOpenProject();
  await expect(projects.dialog).toContainText("Its video stays in your library, with no project");
  await snap(page, testInfo, "67-projects-delete-confirm");
  await projects.dialog.getByRole("button", { name: "Delete project" }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(projects.emptyState).toBeVisible();
  await expect(projects.rows).toHaveCount(0);
  await snap(page, testInfo, "68-projects-deleted");

  // Through the API: the project is gone, the video is not, and it has no project now.
  expect(await call<ApiProject[]>("GET", "/projects")).toEqual([]);
  const after = await call<{ job_id: string; project_id: string | null; status: string }>("GET", `/videos/${jobId}`);
  expect(after).toMatchObject({ job_id: jobId, project_id: null, status: "completed" });
  const res = await fetch(`${process.env.E2E_BASE_URL}/api/projects/${created!.id}`, { headers: { Authorization: user.api_key } });
  expect(res.status).toBe(404);
});
