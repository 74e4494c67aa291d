// A local stand-in for Clerk's Backend API, enough for the product's use of @clerk/backend:
//   GET   /v1/users/{id}   → a Clerk User object (what User.fromJSON reads)
//   PATCH /v1/users/{id}   → applies `external_id` (and names/metadata) and returns the user
//   GET   /v1/jwks         → the instance's signing keys (verification via CLERK_SECRET_KEY)
// Every request is recorded (method, path, headers, parsed body) so tests can assert the lookup,
// the write-back and the `Authorization: Bearer <secret key>` header. Point CLERK_API_URL at `url`
// (@clerk/backend builds apiUrl + "/v1/users/<id>" and apiUrl + "/v1/jwks").
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { JWK } from "jose";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface ClerkUserInput {
  id: string;
  external_id?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  image_url?: string;
  public_metadata?: Record<string, unknown>;
}

export type ClerkUserJson = Record<string, unknown> & { id: string; external_id: string | null };

export interface FakeClerk {
  /** Base URL for CLERK_API_URL (no trailing slash, no version). */
  url: string;
  secretKey: string;
  requests: RecordedRequest[];
  users: Map<string, ClerkUserJson>;
  /** Keys served at /v1/jwks. */
  jwks: JWK[];
  addUser(input: ClerkUserInput): ClerkUserJson;
  /** Recorded requests whose path starts with `/v1/users`. */
  userRequests(): RecordedRequest[];
  reset(): void;
  close(): Promise<void>;
}

function clerkUser(input: ClerkUserInput): ClerkUserJson {
  const now = Date.now();
  const emailId = `idn_${input.id.replace(/^user_/, "")}`;
  const emails = input.email
    ? [{ id: emailId, object: "email_address", email_address: input.email, verification: null, linked_to: [] }]
    : [];
  return {
    object: "user",
    id: input.id,
    external_id: input.external_id ?? null,
    username: null,
    first_name: input.first_name ?? null,
    last_name: input.last_name ?? null,
    image_url: input.image_url ?? "https://img.clerk.test.example/default.png",
    has_image: !!input.image_url,
    primary_email_address_id: emails.length ? emailId : null,
    primary_phone_number_id: null,
    primary_web3_wallet_id: null,
    password_enabled: false,
    two_factor_enabled: false,
    totp_enabled: false,
    backup_code_enabled: false,
    email_addresses: emails,
    phone_numbers: [],
    web3_wallets: [],
    external_accounts: [],
    enterprise_accounts: [],
    saml_accounts: [],
    passkeys: [],
    public_metadata: input.public_metadata ?? {},
    private_metadata: {},
    unsafe_metadata: {},
    banned: false,
    locked: false,
    created_at: now,
    updated_at: now,
    last_sign_in_at: now,
    last_active_at: now,
    create_organization_enabled: true,
    create_organizations_limit: null,
    delete_self_enabled: true,
    legal_accepted_at: null,
    locale: null,
  };
}

function clerkError(status: number, code: string, message: string) {
  return { status, body: { errors: [{ code, message, long_message: message, meta: {} }], clerk_trace_id: "trace_test" } };
}

export async function startClerkServer(opts: { secretKey?: string; jwks?: JWK[] } = {}): Promise<FakeClerk> {
  const secretKey = opts.secretKey ?? "sk_test_x";
  const requests: RecordedRequest[] = [];
  const users = new Map<string, ClerkUserJson>();
  const state = { jwks: opts.jwks ?? [] };

  const answer = (method: string, path: string, headers: http.IncomingHttpHeaders, body: unknown) => {
    if (headers.authorization !== `Bearer ${secretKey}`) {
      return clerkError(401, "authentication_invalid", "Invalid authentication");
    }
    if (method === "GET" && path === "/v1/jwks") return { status: 200, body: { keys: state.jwks } };
    const m = /^\/v1\/users\/([^/]+)$/.exec(path);
    if (m) {
      const id = decodeURIComponent(m[1]!);
      const user = users.get(id);
      if (!user) return clerkError(404, "resource_not_found", "not found");
      if (method === "GET") return { status: 200, body: user };
      if (method === "PATCH") {
        const patch = (body ?? {}) as Record<string, unknown>;
        for (const field of ["external_id", "first_name", "last_name", "public_metadata"]) {
          if (field in patch) user[field] = patch[field];
        }
        user.updated_at = Date.now();
        return { status: 200, body: user };
      }
    }
    return clerkError(404, "resource_not_found", `no route ${method} ${path}`);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown = null;
      if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      }
      const path = new URL(req.url ?? "/", "http://x").pathname;
      const method = req.method ?? "GET";
      requests.push({ method, path, headers: req.headers, body });
      const out = answer(method, path, req.headers, body);
      // @clerk/backend parses JSON only when Content-Type is exactly "application/json".
      res.writeHead(out.status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(out.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    requests,
    users,
    get jwks() {
      return state.jwks;
    },
    set jwks(keys: JWK[]) {
      state.jwks = keys;
    },
    addUser(input) {
      const user = clerkUser(input);
      users.set(user.id, user);
      return user;
    },
    userRequests: () => requests.filter((r) => r.path.startsWith("/v1/users")),
    reset() {
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
