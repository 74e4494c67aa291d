// Adds `!` where noUncheckedIndexedAccess flags an index read: at the flagged element access (or
// index-signature property read), or at the initializer of the const/let the flagged name was read
// from. Type-level only (no emitted code changes). Repeats until nothing more is fixed.
import ts from "typescript";
import fs from "node:fs";
import path from "node:path";

const root = process.cwd();
const cfgPath = path.join(root, "tsconfig.json");
const cfg = ts.getParsedCommandLineOfConfigFile(cfgPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
let oldProgram;
for (let round = 0; round < 12; round++) {
  const program = ts.createProgram({ rootNames: cfg.fileNames, options: { ...cfg.options, incremental: false, noUncheckedIndexedAccess: true }, oldProgram });
  oldProgram = program;
  const checker = program.getTypeChecker();
  const edits = new Map(); // file -> Set(pos)
  let total = 0, unhandled = 0;
  for (const sf of program.getSourceFiles()) {
    if (sf.fileName.includes("node_modules") || !sf.fileName.startsWith(root)) continue;
    for (const d of program.getSemanticDiagnostics(sf)) {
      if (d.start === undefined) continue;
      total++;
      const pos = target(sf, d.start, d.start + d.length, checker);
      if (pos === undefined) { unhandled++; continue; }
      if (!edits.has(sf.fileName)) edits.set(sf.fileName, new Set());
      edits.get(sf.fileName).add(pos);
    }
  }
  let n = 0;
  for (const [file, set] of edits) {
    let text = fs.readFileSync(file, "utf8");
    for (const p of [...set].sort((a, b) => b - a)) { text = text.slice(0, p) + "!" + text.slice(p); n++; }
    fs.writeFileSync(file, text);
  }
  console.log(`round ${round}: ${total} errors, ${n} assertions added, ${unhandled} not handled`);
  if (!n) break;
}

function nodeIn(sf, start, end) {
  // the largest node lying exactly within [start, end)
  let best;
  const visit = (node) => {
    const s = node.getStart(sf), e = node.getEnd();
    if (s >= start && e <= end) { if (!best || e - s > best.getEnd() - best.getStart(sf)) best = node; return; }
    if (s <= start && e >= end) ts.forEachChild(node, visit);
  };
  visit(sf);
  return best;
}

function isIndexRead(node) {
  return ts.isElementAccessExpression(node) || ts.isPropertyAccessExpression(node);
}

function fromDeclaration(id, checker) {
  const sym = checker.getSymbolAtLocation(id);
  const decl = sym?.valueDeclaration;
  if (decl && ts.isVariableDeclaration(decl) && !decl.type && decl.initializer && ts.isIdentifier(decl.name)) {
    const init = skipParens(decl.initializer);
    if (isIndexRead(init) && init.getSourceFile() === id.getSourceFile()) return init.getEnd();
  }
  return undefined;
}

function findStatementAt(sf, pos) {
  let found;
  const visit = (n) => {
    if (n.getStart(sf) === pos && ts.isReturnStatement(n)) { found = n; return; }
    if (n.getStart(sf) <= pos && n.getEnd() > pos) ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

function skipParens(n) { while (ts.isParenthesizedExpression(n)) n = n.expression; return n; }

function isAssignTarget(node) {
  const p = node.parent;
  return p && ts.isBinaryExpression(p) && p.left === node && p.operatorToken.kind === ts.SyntaxKind.EqualsToken;
}

function target(sf, start, end, checker) {
  let node = nodeIn(sf, start, end);
  if (!node) {
    // `return x` flagged at the keyword
    const tok = findStatementAt(sf, start);
    if (tok && tok.expression && (ts.isIdentifier(skipParens(tok.expression)) || isIndexRead(skipParens(tok.expression)))) return tok.expression.getEnd();
    return undefined;
  }
  node = skipParens(node);
  if (ts.isReturnStatement(node) && node.expression) {
    const e = skipParens(node.expression);
    if (ts.isIdentifier(e) || isIndexRead(e)) return node.expression.getEnd();
    return undefined;
  }
  if (isAssignTarget(node)) return undefined;
  if (isIndexRead(node) && !node.questionDotToken) return node.getEnd();
  if (ts.isIdentifier(node)) {
    const p = node.parent;
    if (p && ts.isVariableDeclaration(p) && p.name === node && p.initializer && isIndexRead(skipParens(p.initializer))) return skipParens(p.initializer).getEnd();
    if (p && ts.isPropertyAssignment(p) && p.name === node && isIndexRead(skipParens(p.initializer))) return skipParens(p.initializer).getEnd();
    if (p && ts.isShorthandPropertyAssignment(p)) return fromDeclaration(node, checker);
    const fromDecl = fromDeclaration(node, checker);
    if (fromDecl !== undefined) return fromDecl;
    // a name bound by array destructuring: assert where it is read
    const decl = checker.getSymbolAtLocation(node)?.valueDeclaration;
    if (decl && ts.isBindingElement(decl) && ts.isArrayBindingPattern(decl.parent) && !isAssignTarget(node)) return node.getEnd();
    return undefined;
  }
  return undefined;
}
