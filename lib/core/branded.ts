// Errors recognised by `instanceof` through a brand, not class identity: Next bundles a module once
// per route and once for instrumentation, and an error made by the other bundle's copy of a class
// (e.g. thrown by the storage driver the runner created first) must still be recognised.

/** Subclasses name their brand: `static override readonly brand = Symbol.for("…")`. */
export abstract class BrandedError extends Error {
  declare static readonly brand: symbol;

  static [Symbol.hasInstance](this: { readonly brand: symbol }, value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[this.brand] === true;
  }

  constructor(message: string) {
    super(message);
    Object.defineProperty(this, (new.target as unknown as { readonly brand: symbol }).brand, { value: true });
  }
}
