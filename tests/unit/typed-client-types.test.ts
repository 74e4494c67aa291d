// The generated client's types reject what the API would: `npx tsc --noEmit -p .` (in `npm test`)
// fails if any `@ts-expect-error` below stops being an error, i.e. if a wrong path, a wrong
// method, a missing path parameter or a wrong body were accepted. The runtime part checks the
// inferred answer types.
import { describe, expectTypeOf, it } from "vitest";
import { createApiClient, unwrap, type Schemas } from "@/lib/client/typed-client";

const client = createApiClient({ origin: "http://127.0.0.1:9" });

/** Never called: these lines are checked by the type checker only. */
export function rejectedCalls() {
  // @ts-expect-error no such path
  void client.GET("/video");
  // @ts-expect-error no such path (a hand-written id in the path instead of a parameter)
  void client.GET("/videos/123e4567-e89b-12d3-a456-426614174000");
  // @ts-expect-error GET /search does not exist (search is a POST)
  void client.GET("/search");
  // @ts-expect-error the path parameter job_id is required
  void client.GET("/videos/{job_id}", {});
  // @ts-expect-error the body's `query` must be a string
  void client.POST("/search", { body: { query: 42 } });
  // @ts-expect-error `name` is required to create a key
  void client.POST("/keys", { body: {} });
  // @ts-expect-error unknown module name in the body
  void client.POST("/videos/register-and-process", { body: { storage_path: "a.mp4", modules: ["faces"] } });
  // @ts-expect-error status filter takes the five statuses only
  void client.GET("/videos", { params: { query: { status: "done" } } });
}

describe("typed client types", () => {
  it("infers answers from the document", () => {
    // Functions, not calls: only their types are looked at.
    const listVideos = () => unwrap(client.GET("/videos"));
    const getVideo = () => unwrap(client.GET("/videos/{job_id}", { params: { path: { job_id: "x" } } }));
    const search = () => unwrap(client.POST("/search", { body: { query: "boats" } }));
    expectTypeOf(listVideos).returns.resolves.toEqualTypeOf<Schemas["Video"][]>();
    expectTypeOf(getVideo).returns.resolves.toEqualTypeOf<Schemas["Video"]>();
    expectTypeOf(search).returns.resolves.toEqualTypeOf<Schemas["SearchResult"][]>();
    expectTypeOf<Schemas["Video"]["status"]>().toEqualTypeOf<"importing" | "uploaded" | "queued" | "processing" | "completed" | "failed">();
  });
});
