// npm run lint:non-null: counts the non-null assertions (`x!`, TypeScript's NonNullExpression) in the
// application's sources and fails when they exceed the budget. An assertion is a claim the compiler
// cannot check; most of ours read an array element in a loop, where a typed accessor (or a loop that
// destructures and checks) says the same thing without switching the check off. `--by-file` lists the
// files with the most. Tests, e2e and bench are not counted: the budget is about the shipped code.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/** The most non-null assertions the counted sources may hold (issue 36 item 4). */
export const NON_NULL_BUDGET = 400;

/** What is counted, relative to the repository root: folders walked for .ts/.tsx, and single files. */
export const COUNTED_ROOTS = [
  "app",
  "components",
  "hooks",
  "lib",
  "db",
  "server",
  "inngest",
  "scripts",
  "proxy.ts",
  "instrumentation.ts",
];

/** The non-null assertions in one source text. */
export function countNonNullInSource(fileName: string, text: string): number {
  const kind = fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  let count = 0;
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.NonNullExpression) count++;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return count;
}

function sourceFiles(root: string, entry: string): string[] {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [full];
  return fs
    .readdirSync(full, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".d.ts") && !f.split(path.sep).includes("node_modules"))
    .map((f) => path.join(full, f));
}

/** Per file (relative path → count, only files with at least one), over COUNTED_ROOTS under `root`. */
export function countNonNull(root: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const entry of COUNTED_ROOTS) {
    for (const file of sourceFiles(root, entry)) {
      const n = countNonNullInSource(file, fs.readFileSync(file, "utf8"));
      if (n > 0) counts.set(path.relative(root, file), n);
    }
  }
  return counts;
}

function main(): void {
  const counts = countNonNull(process.cwd());
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  if (process.argv.includes("--by-file")) {
    for (const [file, n] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`${String(n).padStart(5)}  ${file}`);
  }
  console.log(`non-null assertions: ${total} in ${counts.size} files (budget ${NON_NULL_BUDGET})`);
  if (total > NON_NULL_BUDGET) {
    console.error(`over budget by ${total - NON_NULL_BUDGET}: replace \`x!\` with a checked read (see scripts/count-non-null.ts)`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) main();
