// One door per part (scripts/doors.mjs): the parts, the imports between them read with the
// TypeScript compiler's parser, the imports that bypass a door, and what each door exports.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Folders under src/ that are not parts: shared layers, and the process entries (bin/). */
export const NOT_PARTS = new Set(['common', 'db', 'hook', 'bin']);

/**
 * Lazy doors: dynamic imports that stay, each with the reason. The parts list (src/parts/index.ts)
 * is every part's lazy loader: it loads a part's hook handlers, background steps and checks only
 * when an event needs them, so a hook process never loads a whole part.
 */
export const LAZY_LOADERS = [
  { from: /^src\/parts\/index\.ts$/, to: /^src\/[^/]+\/[^/]+\.ts$/ },
  // the local embedder, the model download and its failure report load Transformers.js lazily: on
  // a door, any chunk that holds the door would reach it (test/integration/guard-hook-bundle.test.ts)
  { from: /^src\/cli\/commands\/(kb|model)\/[\w-]+\.run\.ts$/, to: /^src\/embed\/(local|pull|offline)\.ts$/ },
];

/**
 * Light modules: the CLI loads every command's declaration (src/cli/commands/**, not the lazily
 * loaded `.run.ts`) at start, and a door would bring the whole part into that first chunk
 * (test/integration/guard-cli-startup.test.ts): a declaration takes its names and constants from
 * these modules of a part, which import nothing heavy.
 */
export const LIGHT = [
  {
    from: /^src\/cli\/commands\/.+(?<!\.run)\.ts$/,
    to: /^src\/(error-kb\/search-options|orchestrator\/names|orchestrator\/paths)\.ts$/,
  },
];

/** Every .ts/.cts file under root/src, keyed by its path relative to root (forward slashes). */
export function readSources(root = ROOT) {
  const out = new Map();
  const walk = (dir) => {
    for (const n of readdirSync(dir).sort()) {
      const p = join(dir, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.c?ts$/.test(n)) out.set(relative(root, p).split('\\').join('/'), readFileSync(p, 'utf8'));
    }
  };
  walk(join(root, 'src'));
  return out;
}

/** The part a module belongs to (its folder under src/), or null for the shared layers and bin/. */
export function partOf(file) {
  const m = /^src\/([^/]+)\//.exec(file);
  return m && !NOT_PARTS.has(m[1]) ? m[1] : null;
}

export function resolveSpec(from, spec, files) {
  if (!spec.startsWith('.')) return null;
  const base = posix.normalize(posix.join(posix.dirname(from), spec));
  for (const c of [base.replace(/\.js$/, '.ts'), base.replace(/\.cjs$/, '.cts'), base, `${base}.ts`])
    if (files.has(c)) return c;
  return null;
}

const lineOf = (sf, pos) => sf.getLineAndCharacterOfPosition(pos).line + 1;

/**
 * Every import of a module of src/ by another: { from, to, line, kind, node, sf } where kind is
 * 'static' (import / export … from) or 'dynamic' (import() / require()).
 */
export function importsOf(files) {
  const out = [];
  for (const [from, text] of files) {
    const sf = ts.createSourceFile(from, text, ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
        const to = resolveSpec(from, node.moduleSpecifier.text, files);
        if (to)
          out.push({ from, to, line: lineOf(sf, node.moduleSpecifier.getStart()), kind: 'static', node, sf });
      } else if (
        ts.isCallExpression(node) &&
        (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
          (ts.isIdentifier(node.expression) && node.expression.text === 'require')) &&
        node.arguments.length === 1 &&
        ts.isStringLiteralLike(node.arguments[0])
      ) {
        const to = resolveSpec(from, node.arguments[0].text, files);
        if (to) out.push({ from, to, line: lineOf(sf, node.getStart()), kind: 'dynamic', node, sf });
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
        // `typeof import('…')`: erased at build time, but still a way into the part
        const to = resolveSpec(from, node.argument.literal.text, files);
        if (to) out.push({ from, to, line: lineOf(sf, node.getStart()), kind: 'type', node, sf });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}

const lazyOk = (i) =>
  (i.kind === 'dynamic' && LAZY_LOADERS.some((l) => l.from.test(i.from) && l.to.test(i.to))) ||
  LIGHT.some((l) => l.from.test(i.from) && l.to.test(i.to));

/** The imports that bypass a door: from outside a part into one of its files other than index.ts. */
export function bypassing(files) {
  return importsOf(files).filter((i) => {
    const part = partOf(i.to);
    return part && partOf(i.from) !== part && i.to !== `src/${part}/index.ts` && !lazyOk(i);
  });
}

/** `file:line: …` for each bypassing import, sorted. */
export function doorViolations(files) {
  return bypassing(files)
    .map((i) => {
      const part = partOf(i.to);
      const how = i.kind === 'dynamic' ? 'import() of' : 'imports';
      return `${i.from}:${i.line}: ${how} ${i.to} (use src/${part}/index.ts)`;
    })
    .sort();
}

// ---------------------------------------------------------------- the doors' exports

/** The first sentence of a comment, on one line (null when empty). */
function firstSentence(text) {
  const joined = text.replace(/\s+/g, ' ').trim();
  let depth = 0;
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i];
    if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
    else if (c === '.' && depth === 0 && i >= 20 && (i + 1 === joined.length || joined[i + 1] === ' '))
      return joined.slice(0, i + 1);
  }
  return joined || null;
}

/** The first sentence of a node's JSDoc, or null. */
export function jsDocLine(node) {
  const doc = (node.jsDoc ?? []).at(-1);
  if (!doc) return null;
  const text = typeof doc.comment === 'string' ? doc.comment : ts.getTextOfJSDocComment(doc.comment);
  return firstSentence((text ?? '').split(/\n\s*\n/)[0]);
}

/** The `//` comment right above a statement (its first sentence), or null. */
function lineComment(text, st) {
  const ranges = ts.getLeadingCommentRanges(text, st.getFullStart()) ?? [];
  const lines = [];
  for (const r of ranges)
    if (r.kind === ts.SyntaxKind.SingleLineCommentTrivia) lines.push(text.slice(r.pos + 2, r.end).trim());
  // a comment block separated from the statement by a blank line is about the section, not it
  const last = ranges.at(-1);
  if (!lines.length || /\n\s*\n/.test(text.slice(last.end, st.getStart()))) return null;
  return firstSentence(lines.join(' '));
}

/** Where `name`, as `file` exports it, is declared: [file, name] (re-exports followed). */
export function origin(files, file, name, depth = 0) {
  const text = files.get(file);
  if (!text || depth > 5) return [file, name];
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  for (const st of sf.statements) {
    if (declaredNames(st).includes(name)) return [file, name];
    const clause = ts.isExportDeclaration(st)
      ? st.exportClause
      : ts.isImportDeclaration(st)
        ? st.importClause?.namedBindings
        : null;
    if (!clause || !st.moduleSpecifier || !(ts.isNamedExports(clause) || ts.isNamedImports(clause))) continue;
    const e = clause.elements.find((x) => x.name.text === name);
    const to = e && resolveSpec(file, st.moduleSpecifier.text, files);
    if (to) return origin(files, to, (e.propertyName ?? e.name).text, depth + 1);
  }
  return [file, name];
}

/** The names a statement declares (function, class, interface, type, enum, const…). */
function declaredNames(st) {
  if (ts.isVariableStatement(st)) return st.declarationList.declarations.map((d) => d.name.getText());
  return st.name && ts.isIdentifier(st.name) ? [st.name.text] : [];
}

/** A one-line description of `name` as `file` exports it: its JSDoc, else a line naming where it is. */
export function describe(files, file, name, depth = 0) {
  const text = files.get(file);
  if (!text) return `${name}.`;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  for (const st of sf.statements) {
    if (declaredNames(st).includes(name)) {
      const line =
        jsDocLine(st) ??
        (ts.isVariableStatement(st) ? jsDocLine(st.declarationList.declarations[0]) : null) ??
        lineComment(text, st);
      if (line) return line;
      break;
    }
    if (
      ts.isExportDeclaration(st) &&
      st.exportClause &&
      ts.isNamedExports(st.exportClause) &&
      st.moduleSpecifier
    ) {
      const e = st.exportClause.elements.find((x) => x.name.text === name);
      const to = e && resolveSpec(file, st.moduleSpecifier.text, files);
      if (to && depth < 3) return describe(files, to, (e.propertyName ?? e.name).text, depth + 1);
    }
  }
  return `\`${name}\`, from ${posix.basename(file)}.`;
}

/** A door's exports: exported name → { module (resolved), name there, typeOnly, doc, statement }. */
export function doorExports(files, part) {
  const file = `src/${part}/index.ts`;
  const out = new Map();
  const text = files.get(file);
  if (!text) return out;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  for (const st of sf.statements) {
    if (!ts.isExportDeclaration(st) || !st.moduleSpecifier) continue;
    const module = resolveSpec(file, st.moduleSpecifier.text, files);
    if (!st.exportClause) {
      out.set(`* from ${st.moduleSpecifier.text}`, {
        module,
        name: '*',
        typeOnly: st.isTypeOnly,
        doc: jsDocLine(st),
        st,
      });
      continue;
    }
    if (!ts.isNamedExports(st.exportClause)) continue;
    const one = st.exportClause.elements.length === 1;
    for (const e of st.exportClause.elements)
      out.set(e.name.text, {
        module,
        name: (e.propertyName ?? e.name).text,
        typeOnly: st.isTypeOnly || e.isTypeOnly,
        doc: one ? jsDocLine(st) : null,
        st,
      });
  }
  return out;
}

/** Exported names of a door without a doc comment of their own: `src/x/index.ts: name`. */
export function undocumented(files) {
  const out = [];
  for (const f of files.keys()) {
    const part = partOf(f);
    if (!part || f !== `src/${part}/index.ts`) continue;
    for (const [name, e] of doorExports(files, part)) if (!e.doc) out.push(`${f}: ${name}`);
  }
  return out.sort();
}

// ---------------------------------------------------------------- --surface

/** Each part's surface: `part: n names` and a line per name with its doc comment. */
export function surface(files) {
  const out = [];
  for (const part of [...new Set([...files.keys()].map(partOf).filter(Boolean))].sort()) {
    const door = doorExports(files, part);
    out.push(`${part} (src/${part}/index.ts): ${door.size} name${door.size === 1 ? '' : 's'}`);
    for (const [name, e] of [...door].sort(([a], [b]) => a.localeCompare(b)))
      out.push(`  ${e.typeOnly ? 'type ' : ''}${name} — ${e.doc ?? '(no doc comment)'}`);
  }
  return out;
}

/** Every part folder under src/. */
export function partsIn(root = ROOT) {
  return readdirSync(join(root, 'src'))
    .filter((n) => !NOT_PARTS.has(n) && statSync(join(root, 'src', n)).isDirectory())
    .sort();
}
