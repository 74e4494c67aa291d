// Types of lib-layers.mjs (for tests/unit/lib-layers.test.ts).
export interface LibLayer {
  name: string;
  comment: string;
  path: string;
}
export interface LibImport {
  from: string;
  to: string;
}
export declare const LIB_LAYERS: readonly LibLayer[];
export declare const LIB_UPWARD_EXCEPTIONS: readonly (LibImport & { reason: string })[];
export declare function layersOf(file: string): number[];
export declare function unitOf(file: string): string | null;
export declare function cruiseLib(): unknown;
export declare function libImports(graph: unknown): LibImport[];
export declare function measure(graph: unknown): {
  upward: LibImport[];
  unexpected: LibImport[];
  mutual: { pair: [string, string]; imports: string[] }[];
  circles: string[][];
};
