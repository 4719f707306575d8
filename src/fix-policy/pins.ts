// Toolchain version pins: files (or one key of a file) that only choose which release of a
// toolchain the project builds with (.nvmrc, .ruby-version, rust-toolchain.toml's channel, go.mod's
// go and toolchain lines, stack.yaml's resolver, sbt's build.properties). An edit of such a file
// crosses projects when every line on both sides is a pin of that file's grammar: a version or a
// release channel, nothing else (no path, URL, component list or other key), and the new side does
// not pick one release (versions.ts): `20`, `lts/*`, `3.2` cross, `20.11.1` stays in its project.
// go.mod's `go` and `toolchain` lines are minimums (Go takes that release or a newer one).
import { linesOf as lines } from './edit-lines.js';
import { picksOneRelease } from './versions.js';

const VERSION = String.raw`\d+(?:\.\d+){0,2}`;

const PINS: { file: RegExp; line: RegExp; minimum?: boolean }[] = [
  {
    file: /(?:^|\/)\.(?:nvmrc|node-version)$/,
    line: /^(?:v?\d+(?:\.(?:\d+|x)){0,2}|lts\/(?:\*|[a-z]+)|node|stable)$/,
  },
  { file: /(?:^|\/)\.ruby-version$/, line: new RegExp(`^(?:ruby-)?${VERSION}(?:-p\\d+)?$`) },
  { file: /(?:^|\/)\.python-version$/, line: new RegExp(`^${VERSION}$`) },
  {
    file: /(?:^|\/)rust-toolchain(?:\.toml)?$/,
    line: new RegExp(
      `^(?:channel\\s*=\\s*)?"?(?:stable|beta|nightly(?:-\\d{4}-\\d{2}-\\d{2})?|${VERSION})"?$`,
    ),
  },
  {
    file: /(?:^|\/)go\.mod$/,
    line: new RegExp(`^(?:go ${VERSION}|toolchain go${VERSION})$`),
    minimum: true,
  },
  {
    file: /(?:^|\/)stack\.yaml$/,
    line: /^(?:resolver|snapshot):\s*(?:lts-\d+\.\d+|nightly-\d{4}-\d{2}-\d{2}|ghc-\d+(?:\.\d+)*)$/,
  },
  { file: /(?:^|\/)project\/build\.properties$/, line: new RegExp(`^sbt\\.version\\s*=\\s*${VERSION}$`) },
];

/** Whether an edit of `path` from `before` to `after` changes only a toolchain version pin. */
export function toolchainPin(path: string, before: string, after: string): boolean {
  const pin = PINS.find((p) => p.file.test(path));
  // in a hidden folder (.git/, .claude/, .github/) a file is some tool's, whatever its name
  if (
    !pin ||
    path
      .split('/')
      .slice(0, -1)
      .some((d) => d.startsWith('.'))
  )
    return false;
  const now = lines(after);
  // a dated build (`nightly-2024-01-02`) is one release too
  const release = (l: string) =>
    /-\d{4}-\d{2}-\d{2}\b/.test(l) || picksOneRelease(/\d+(?:\.\d+)*/.exec(l)?.[0] ?? '');
  return (
    now.length > 0 &&
    [...lines(before), ...now].every((l) => pin.line.test(l)) &&
    (!!pin.minimum || !now.some(release))
  );
}
