// Edit grammars of build and deployment files (edit-kinds.ts): a Dockerfile's base image, a compose
// file's format version and platform, Kubernetes and Helm API versions, CMake's minimum version,
// a compose service's start condition and a published port removed, CMake's language standard, a
// Podfile's platform, Gradle's repositories and Android/Java/Kotlin levels, Maven's Java levels,
// php.ini's bundled extensions, Terraform's required version. Each line is one setting of known words and
// numbers; a release the fix chooses (a base image's version, a tool's exact release) is none.
import type { EditKind, ShellSafe } from './edit-lines.js';
import { commandLine } from './edit-kinds-shell.js';
import { picksOneRelease, versionConstraint } from './versions.js';

const words = (s: string) => new Set(s.split(/\s+/).filter(Boolean));

/** Docker Official Images (Docker Hub's `library/`): maintained images of languages, distros and servers. */
const OFFICIAL_IMAGES = words(`
  python pypy node golang ruby rust php openjdk eclipse-temurin amazoncorretto maven gradle alpine
  ubuntu debian fedora rockylinux almalinux amazonlinux busybox nginx httpd postgres mysql mariadb
  redis mongo memcached rabbitmq elixir erlang haskell perl swift julia r-base gcc clojure dart
  composer tomcat buildpack-deps
`);

/**
 * The parts of an official image's tag after its version: variants, and the distributions the image
 * is built on that are maintained (Debian 12 and 13, Ubuntu 22.04 and 24.04). A distribution's
 * codename is a release of it: one past its support (`jessie`, `buster`, `bullseye`, `focal`,
 * `alpine3.10`) is recognised only on the old side of an edit.
 */
const TAG_PARTS = words('slim alpine bookworm trixie jammy noble jdk jre fpm apache cli zts full');
const OLD_TAG_PARTS = words('jessie stretch buster bullseye xenial bionic focal');

/** A release channel as a tag's first part: the image's maintainers choose the release. */
const CHANNELS = words('latest lts current stable mainline');

/** An image reference of an official image: its name and the version part of its tag ('' for none). */
function officialImage(ref: string, removed: boolean): { image: string; version: string } | null {
  const m = /^(?:docker\.io\/)?(?:library\/)?([a-z0-9-]+)(?::([\w.-]+))?$/.exec(ref);
  if (!m || !OFFICIAL_IMAGES.has(m[1]!)) return null;
  const parts = (m[2] ?? '').split('-').filter(Boolean);
  const version = parts[0] && /^\d+(?:\.\d+)*$/.test(parts[0]) ? parts.shift()! : '';
  if (!version && parts[0] && CHANNELS.has(parts[0])) parts.shift();
  const known = (p: string) =>
    TAG_PARTS.has(p) || (removed && (OLD_TAG_PARTS.has(p) || /^alpine\d+\.\d+$/.test(p)));
  return parts.every(known) ? { image: m[1]!, version } : null;
}

/** A Dockerfile line naming a base image: `FROM image[:tag] [AS stage]`, `ARG NAME=image[:tag]`. */
function baseImage(line: string, removed: boolean): { key: string; image: string; version: string } | null {
  const from = /^FROM\s+(\S+)(?:\s+AS\s+[\w.-]+)?$/i.exec(line);
  // an argument named as an image (not a proxy or an index an image's name would be a host of)
  const arg = /^ARG\s+(\w*(?:IMAGE|BASE)\w*)=(\S+)$/i.exec(line);
  const ref = from?.[1] ?? arg?.[2];
  const img = ref ? officialImage(ref, removed) : null;
  return img && { key: from ? 'FROM' : `ARG ${arg![1]}`, ...img };
}

/**
 * A base image edit: every changed line names an official image, and a new line chooses no version:
 * it keeps the version of the line it replaces (same image, only the variant or the distribution
 * changes), widens it to its release line, or has none; a version that picks one release stays in
 * its project. A `RUN` line, new or removed, is a command line the shell grammars advise everywhere
 * (edit-kinds-shell.ts).
 */
function dockerChange(removed: string[], added: string[], shellSafe: ShellSafe): boolean {
  const run = (l: string) => /^RUN\s+(?!\[)(.*)$/i.exec(l)?.[1];
  const old = removed.filter((l) => run(l) === undefined).map((l) => baseImage(l, true));
  const now = added.filter((l) => run(l) === undefined).map((l) => baseImage(l, false));
  if (old.includes(null) || now.includes(null)) return false;
  return (
    [...removed, ...added].every((l) => run(l) === undefined || commandLine(run(l)!, shellSafe)) &&
    now.every(
      (n) =>
        !n!.version ||
        (!picksOneRelease(n!.version) &&
          old.some(
            (o) =>
              o!.key === n!.key &&
              o!.image === n!.image &&
              // the same version, or the release line of the old one (`3.12.2` → `3.12`)
              (o!.version === n!.version || o!.version.startsWith(`${n!.version}.`)),
          )),
    )
  );
}

/** A Kubernetes API version: the core group or a built-in group with a stable, beta or alpha version. */
const K8S_API =
  /^apiVersion:\s*(["']?)(?:v1|(?:apps|batch|extensions|policy|autoscaling|(?:networking|rbac\.authorization|storage|apiextensions|admissionregistration|scheduling|coordination|node|discovery|certificates|events|apiregistration)\.k8s\.io|flowcontrol\.apiserver\.k8s\.io)\/v\d+(?:(?:alpha|beta)\d+)?)\1$/;

/** PHP extensions bundled with PHP's sources (not FFI, which loads any native library). */
const PHP_BUNDLED = words(`
  bcmath bz2 calendar ctype curl dba dom enchant exif fileinfo ftp gd gd2 gettext gmp iconv imap intl
  ldap mbstring mysqli odbc opcache openssl pdo_firebird pdo_mysql pdo_odbc pdo_pgsql pdo_sqlite pgsql
  shmop snmp soap sockets sodium sqlite3 tidy xsl zip
`);

function phpExtension(line: string): boolean {
  const m = /^;?\s*(?:zend_)?extension\s*=\s*(["']?)(?:php_)?(\w+)(?:\.dll|\.so)?\1$/.exec(line);
  return !!m && PHP_BUNDLED.has(m[2]!);
}

const JAVA_LEVEL = String.raw`(?:1\.[5-8]|\d{1,2})`;

/**
 * Gradle: the known public repositories (JCenter, read-only since its sunset, only on the old side),
 * Android SDK levels, the Java language level.
 */
const GRADLE_LINE = [
  /^(?:mavenCentral|google|gradlePluginPortal)\(\)$/,
  /^(?:compileSdk|minSdk|targetSdk)(?:Version)?(?:\s*=\s*|\s+|\s*\(\s*)(?:\d{1,2}|flutter\.(?:compile|min|target)SdkVersion)\s*\)?$/,
  new RegExp(
    String.raw`^languageVersion(?:\.set\(\s*|\s*=\s*)JavaLanguageVersion\.of\(\s*(["']?)${JAVA_LEVEL}\1\s*\)\s*\)?$`,
  ),
  // Kotlin's JVM target, and the block that holds it under its old or new name
  new RegExp(
    String.raw`^jvmTarget(?:\s*=\s*(["']?)${JAVA_LEVEL}\1|\.set\(\s*JvmTarget\.JVM_(?:1_8|\d{1,2})\s*\))$`,
  ),
  /^(?:kotlinOptions|compilerOptions)\s*\{$/,
  new RegExp(
    String.raw`^(?:sourceCompatibility|targetCompatibility)\s*=\s*(?:JavaVersion\.VERSION_(?:1_[5-8]|\d{1,2})|(["']?)${JAVA_LEVEL}\1)$`,
  ),
];

const TARGET_SDK = /^targetSdk(?:Version)?\D*?(\d+)\D*$/;

/**
 * The target SDK is the Android behaviour the app opts into (runtime permissions, file and network
 * restrictions): a new target is not below the one it replaces; a new target with no old one names
 * Flutter's (the current one).
 */
function gradleChange(removed: string[], added: string[]): boolean {
  const olds = removed
    .map((l) => TARGET_SDK.exec(l)?.[1])
    .filter((n) => n !== undefined)
    .map(Number);
  return added.every((l) => {
    const n = TARGET_SDK.exec(l)?.[1];
    return n === undefined || olds.some((o) => o <= Number(n));
  });
}

/** CMake: a language's standard level (and whether it is required, with or without extensions). */
const CMAKE_STD =
  /^set\s*\(\s*CMAKE_(?:C|CXX|CUDA|OBJC|OBJCXX)_(?:STANDARD\s+\d{2}|STANDARD_REQUIRED\s+(?:ON|OFF|TRUE|FALSE)|EXTENSIONS\s+(?:ON|OFF|TRUE|FALSE))\s*\)$/i;
/** The compiler flags variable extended by a language standard flag only (`-std=c++17`). */
const CMAKE_STD_FLAG =
  /^set\s*\(\s*CMAKE_(C|CXX)_FLAGS\s+"\$\{CMAKE_\1_FLAGS\}(?:\s+--?std=(?:c|gnu|c\+\+|gnu\+\+)\d\w)+"\s*\)$/;

/** Maven: the compiler's Java level, a number or one of the properties that hold it. */
const MAVEN_LEVEL = new RegExp(
  String.raw`^<(source|target|release|maven\.compiler\.(?:source|target|release)|java\.version)>\s*(?:${JAVA_LEVEL}|\$\{(?:java\.version|maven\.compiler\.(?:source|target|release))\})\s*</\1>$`,
);

export const BUILD_KINDS: EditKind[] = [
  {
    file: /(?:^|\/)(?:Dockerfile|Containerfile)(?:\.[\w.-]+)?$|\.Dockerfile$/,
    change: dockerChange,
  },
  {
    // compose: the file format's version (ignored by Compose v2) and a known platform
    file: /(?:^|\/)(?:docker-)?compose(?:\.[\w-]+)?\.ya?ml$/,
    line: (l, removed) =>
      /^version:\s*(["']?)\d+(?:\.\d+)?\1$/.test(l) ||
      /^platform:\s*(["']?)linux\/(?:amd64|x86_64|arm64(?:\/v8)?|arm\/v7|386)\1$/.test(l) ||
      // a dependency waits until its service is up, healthy or done
      /^condition:\s*(["']?)service_(?:started|healthy|completed_successfully)\1$/.test(l) ||
      // a published port removed (never added: that opens a port)
      (removed && /^-\s*(["']?)(?:\d{1,5}:)?\d{1,5}:\d{1,5}(?:\/(?:tcp|udp))?\1$/.test(l)),
  },
  { file: /(?:^|\/)Chart\.ya?ml$/, line: (l) => /^apiVersion:\s*(["']?)v[12]\1$/.test(l) },
  { file: /\.ya?ml$/, line: (l) => K8S_API.test(l) },
  {
    file: /(?:^|\/)CMakeLists\.txt$|\.cmake$/,
    line: (l) =>
      CMAKE_STD.test(l) ||
      CMAKE_STD_FLAG.test(l) ||
      /^cmake_minimum_required\s*\(\s*VERSION\s+\d+(?:\.\d+){1,3}(?:\.\.\.\d+(?:\.\d+){1,3})?(?:\s+FATAL_ERROR)?\s*\)$/i.test(
        l,
      ),
  },
  {
    file: /(?:^|\/)Podfile$/,
    line: (l) =>
      /^platform\s+:(?:ios|osx|macos|tvos|watchos|visionos)(?:\s*,\s*(["'])\d+(?:\.\d+)?\1)?$/.test(l),
  },
  {
    file: /(?:^|\/)(?:build|settings)\.gradle(?:\.kts)?$/,
    line: (l, removed) => (removed && l === 'jcenter()') || GRADLE_LINE.some((r) => r.test(l)),
    change: gradleChange,
  },
  {
    file: /(?:^|\/)local\.properties$/,
    line: (l) => /^flutter\.(?:compile|min)SdkVersion\s*=\s*\d{1,2}$/.test(l),
  },
  {
    // the Java level, or a container element opened or closed (its content is lines of its own)
    file: /(?:^|\/)pom\.xml$/,
    line: (l) => MAVEN_LEVEL.test(l) || /^<\/?(?:properties|build|plugins|plugin|dependencies)>$/.test(l),
  },
  { file: /(?:^|\/)php(?:-[\w.-]+)?\.ini(?:-\w+)?$/, line: phpExtension },
  {
    // Terraform's accepted versions of itself: a range, not a release
    file: /\.tf$/,
    line: (l, removed) => {
      const m = /^required_version\s*=\s*"([^"]+)"$/.exec(l);
      const c = m ? versionConstraint(m[1]!) : null;
      return removed ? !!c : c === 'range';
    },
  },
];
