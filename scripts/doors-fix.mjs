// One door per part (scripts/doors.mjs), the fix: bypassing static imports rewritten to the part's
// index.js, and the re-exports they need added to that index.ts, each with a one-line doc comment.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';
import {
  bypassing,
  describe,
  doorExports,
  jsDocLine,
  origin,
  partOf,
  partsIn,
  readSources,
  resolveSpec,
  ROOT,
} from './doors-read.mjs';

const reExport = (name, as, typeOnly, spec, doc) =>
  `/** ${doc.replace(/\*\//g, '*\\/')} */\nexport ${typeOnly ? 'type ' : ''}{ ${name === as ? name : `${name} as ${as}`} } from '${spec}';`;

const relSpec = (fromFile, toFile) => {
  const r = posix.relative(posix.dirname(fromFile), toFile).replace(/\.ts$/, '.js');
  return r.startsWith('.') ? r : `./${r}`;
};

/**
 * A door rewritten so that each exported name has its own statement with a one-line doc comment
 * (`// …` comments above a statement stay above its first name), plus the `add`ed names at the end.
 */
function normalizedDoor(files, part, add, upgrades = new Set()) {
  const file = `src/${part}/index.ts`;
  const text =
    files.get(file) ?? `// The ${part} part's public surface: what other parts and the hosts may use.\n`;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  let out = '';
  let at = 0;
  for (const st of sf.statements) {
    const named =
      ts.isExportDeclaration(st) &&
      st.moduleSpecifier &&
      st.exportClause &&
      ts.isNamedExports(st.exportClause);
    const docOk = named && st.exportClause.elements.length === 1 && jsDocLine(st);
    const upgrade = named && st.exportClause.elements.some((e) => upgrades.has(`${part}#${e.name.text}`));
    if (!named || (docOk && !upgrade)) continue;
    const module = resolveSpec(file, st.moduleSpecifier.text, files);
    const stmts = st.exportClause.elements.map((e) => {
      const name = (e.propertyName ?? e.name).text;
      const doc = docOk || (module ? describe(files, module, name) : `${name}.`);
      const typeOnly = (st.isTypeOnly || e.isTypeOnly) && !upgrades.has(`${part}#${e.name.text}`);
      return reExport(name, e.name.text, typeOnly, st.moduleSpecifier.text, doc);
    });
    // keep `//` comments (they sit in the leading trivia), replace the old JSDoc and the statement
    const start = (st.jsDoc ?? []).length ? st.jsDoc[0].getStart() : st.getStart();
    out += text.slice(at, start) + stmts.join('\n');
    at = st.end;
  }
  out += text.slice(at);
  const extra = add.map((a) =>
    reExport(a.name, a.as, a.typeOnly, relSpec(file, a.module), describe(files, a.module, a.name)),
  );
  if (extra.length) out = `${out.replace(/\n*$/, '\n')}${extra.join('\n')}\n`;
  return out;
}

// ---------------------------------------------------------------- --fix

/** The import's names: [{ source (name in the module), outer (local or exported name), typeOnly }]; null when not named. */
function namesOf(node) {
  if (ts.isImportDeclaration(node)) {
    const c = node.importClause;
    if (!c || c.name || !c.namedBindings || !ts.isNamedImports(c.namedBindings)) return null;
    return c.namedBindings.elements.map((e) => ({
      source: (e.propertyName ?? e.name).text,
      outer: e.name.text,
      typeOnly: c.isTypeOnly || e.isTypeOnly,
    }));
  }
  if (!node.exportClause || !ts.isNamedExports(node.exportClause)) return null;
  return node.exportClause.elements.map((e) => ({
    source: (e.propertyName ?? e.name).text,
    outer: e.name.text,
    typeOnly: node.isTypeOnly || e.isTypeOnly,
  }));
}

const specifier = (exported, outer, typeOnly) =>
  `${typeOnly ? 'type ' : ''}${exported === outer ? exported : `${exported} as ${outer}`}`;

/**
 * Plans the fix: { edits: file → [[start, end, text]], adds: part → [re-export], left: [`file:line: why`] }.
 * A name the door already exports from the same module is reused (under the door's name for it).
 */
export function planFix(files) {
  const edits = new Map();
  const adds = new Map();
  const left = [];
  const upgrades = new Set();
  const exportsOf = new Map();
  const doorOf = (part) => {
    if (!exportsOf.has(part)) exportsOf.set(part, doorExports(files, part));
    return exportsOf.get(part);
  };
  for (const i of bypassing(files)) {
    const part = partOf(i.to);
    const at = `${i.from}:${i.line}`;
    if (i.kind !== 'static') {
      left.push(
        `${at}: ${i.kind === 'dynamic' ? 'import()' : 'import type'} of ${i.to}: by hand (a static import from the door, in a module loaded lazily)`,
      );
      continue;
    }
    const names = namesOf(i.node);
    if (!names) {
      left.push(`${at}: a default, namespace, side-effect or \`export *\` import of ${i.to}: by hand`);
      continue;
    }
    const door = doorOf(part);
    const specs = [];
    for (const n of names) {
      let exported = null;
      const want = origin(files, i.to, n.source).join('#');
      for (const [k, e] of door)
        if (e.module && origin(files, e.module, e.name).join('#') === want) {
          exported = k;
          if (e.typeOnly && !n.typeOnly) upgrades.add(`${part}#${k}`);
        }
      if (!exported && door.has(n.source)) {
        left.push(`${at}: src/${part}/index.ts already exports another \`${n.source}\`: by hand`);
        break;
      }
      if (!exported) {
        exported = n.source;
        const add = { name: n.source, as: n.source, module: i.to, typeOnly: n.typeOnly };
        door.set(n.source, { module: i.to, name: n.source, typeOnly: n.typeOnly, doc: 'new' });
        adds.set(part, [...(adds.get(part) ?? []), add]);
      }
      specs.push({ exported, ...n });
    }
    if (specs.length !== names.length) continue;
    const kw = ts.isImportDeclaration(i.node) ? 'import' : 'export';
    // all types: `import type { … }` (under verbatimModuleSyntax, `import { type a }` stays a
    // runtime import of the whole door)
    const allTypes = specs.every((s) => s.typeOnly);
    const typeKw = allTypes ? 'type ' : '';
    const list = specs.map((s) => specifier(s.exported, s.outer, s.typeOnly && !allTypes));
    const spec = relSpec(i.from, `src/${part}/index.ts`);
    const text = `${kw} ${typeKw}{ ${list.join(', ')} } from '${spec}';`;
    edits.set(i.from, [...(edits.get(i.from) ?? []), [i.node.getStart(), i.node.end, text]]);
  }
  return { edits, adds, left, upgrades };
}

/** Merges a file's named imports from the same door into one statement. */
export function mergeDoorImports(file, text, files) {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const groups = new Map();
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !namesOf(st)) continue;
    const to = resolveSpec(file, st.moduleSpecifier.text, files);
    const part = to && partOf(to);
    if (!part || to !== `src/${part}/index.ts`) continue;
    groups.set(to, [...(groups.get(to) ?? []), st]);
  }
  const edits = [];
  for (const sts of groups.values()) {
    if (sts.length < 2) continue;
    const names = sts.flatMap(namesOf);
    const allTypes = names.every((n) => n.typeOnly);
    const seen = new Set();
    const specs = [];
    for (const n of names) {
      const s = specifier(n.source, n.outer, n.typeOnly && !allTypes);
      if (seen.has(s)) continue;
      specs.push(s);
      seen.add(s);
    }
    const merged = `import ${allTypes ? 'type ' : ''}{ ${specs.join(', ')} } from ${sts[0].moduleSpecifier.getText()};`;
    edits.push([sts[0].getStart(), sts[0].end, merged]);
    for (const st of sts.slice(1)) edits.push([st.getFullStart(), st.end, '']);
  }
  return applyEdits(text, edits);
}

function applyEdits(text, edits) {
  let out = text;
  for (const [a, b, s] of [...edits].sort((x, y) => y[0] - x[0])) out = out.slice(0, a) + s + out.slice(b);
  return out;
}

/** Applies the fix to the files under root; returns { changed: [file], left: [line] }. */
export async function fix(root = ROOT) {
  const files = readSources(root);
  const { edits, adds, left, upgrades } = planFix(files);
  const next = new Map();
  for (const [file, es] of edits) next.set(file, applyEdits(files.get(file), es));
  for (const [file, text] of next) files.set(file, text);
  for (const [file, text] of files) {
    const merged = mergeDoorImports(file, text, files);
    if (merged !== text) next.set(file, merged);
  }
  for (const part of partsIn(root)) {
    const door = `src/${part}/index.ts`;
    const text = normalizedDoor(files, part, adds.get(part) ?? [], upgrades);
    if (text !== files.get(door)) next.set(door, text);
  }
  const prettier = await import('prettier');
  const changed = [];
  for (const [file, text] of next) {
    const abs = join(root, file);
    const options = { ...(await prettier.resolveConfig(abs)), filepath: abs };
    const pretty = await prettier.format(text, options);
    if (existsSync(abs) && readFileSync(abs, 'utf8') === pretty) continue;
    writeFileSync(abs, pretty);
    changed.push(file);
  }
  return { changed, left };
}
