import { expect, type Locator, type Page } from "@playwright/test";

/** /webhooks: add an endpoint (secret shown once), send a test event, read the delivery log. */
export class WebhooksPage {
  readonly heading: Locator;
  readonly urlInput: Locator;
  readonly addButton: Locator;
  readonly secret: Locator;
  readonly doneButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "Webhooks", level: 1 });
    this.urlInput = page.getByLabel("Endpoint URL");
    this.addButton = page.getByRole("button", { name: "Add endpoint" });
    this.secret = page.getByTestId("new-webhook-secret");
    this.doneButton = page.getByRole("button", { name: /Done/ });
  }

  async expectLoaded() {
    await expect(this.page).toHaveURL(/\/webhooks$/);
    await expect(this.heading).toBeVisible();
  }

  eventCheckbox(type: string): Locator {
    return this.page.getByRole("checkbox", { name: new RegExp(`^${type.replace(".", "\\.")}\\b`) });
  }

  endpoint(url: string): Locator {
    return this.page.locator("[data-webhook-id]").filter({ hasText: url });
  }

  deliveryRow(url: string, event: string): Locator {
    return this.endpoint(url).locator(`tr[data-delivery-event="${event}"]`);
  }
}
