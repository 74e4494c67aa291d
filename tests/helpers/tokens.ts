// Clerk-like session tokens for tests: an RS256 key pair made with `jose`, its public key as the
// PEM that CLERK_JWT_KEY holds and as the JWK a JWKS endpoint serves, and a signer for tokens
// shaped like Clerk's (sub, iss, azp, iat, nbf, exp, optional external_id, kid in the header).
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, type JWK } from "jose";

export const ISSUER = "https://clerk.test.example";
export const DEFAULT_AZP = "http://localhost:3000";

export interface TestKeyPair {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** SPKI PEM of the public key (what CLERK_JWT_KEY holds), with real newlines. */
  pem: string;
  /** Public JWK with kid/alg/use, as a JWKS endpoint lists it. */
  jwk: JWK;
}

export async function makeKeyPair(kid = `ins_test_${Math.random().toString(36).slice(2, 10)}`): Promise<TestKeyPair> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const pem = await exportSPKI(publicKey);
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  return { kid, privateKey, publicKey, pem, jwk };
}

export interface TokenClaims {
  sub: string;
  iss?: string;
  /** `null` leaves the claim out. */
  azp?: string | null;
  /** Seconds since the epoch; default now. */
  iat?: number;
  /** Default now − 10 s; `null` leaves it out. */
  nbf?: number | null;
  /** Default now + 60 s. */
  exp?: number;
  external_id?: string;
  [extra: string]: unknown;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A signed Clerk-style session token. `kid` defaults to the key pair's. */
export async function signToken(kp: TestKeyPair, claims: TokenClaims, opts: { kid?: string } = {}): Promise<string> {
  const now = nowSeconds();
  const { sub, iss = ISSUER, azp = DEFAULT_AZP, iat = now, nbf = now - 10, exp = now + 60, ...rest } = claims;
  const payload: Record<string, unknown> = {
    ...rest,
    sub,
    iss,
    iat,
    exp,
    sid: `sess_${sub}`,
  };
  if (azp !== null) payload.azp = azp;
  if (nbf !== null) payload.nbf = nbf;
  return new SignJWT(payload)
    .setProtectedHeader({ alg: "RS256", kid: opts.kid ?? kp.kid, typ: "JWT" })
    .sign(kp.privateKey);
}
