// Dependency declarations edited in a manifest (fix-policy/edit-kinds-deps.ts): a known package by a
// range crosses projects as the package manager's command would; a release, an unknown name, a
// source or an option stays in its project. Also requirement lines spaced around their operator.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadFixPolicy } from '../../src/fix-policy/index.js';
import type { Verdict } from '../../src/error-kb/index.js';

let judge: (resolution: string, proof: string) => Verdict;
beforeAll(async () => {
  judge = await loadFixPolicy();
});
const edit = (path: string, before: string, after: string) =>
  `Edit ${path}: ${before ? `\`${before}\`` : '(nothing)'} → ${after ? `\`${after}\`` : '(nothing)'}`;
const cls = (path: string, before: string, after: string) =>
  judge(edit(path, before, after), 'same-file').cls;

type Case = [path: string, before: string, after: string];

const crosses: Case[] = [
  ['package.json', '"express": "^4.18.2",', '"express": "^4.21.0",'],
  ['package.json', '', '"devDependencies": {'],
  ['package.json', '', '"@types/react": "^18",'],
  ['pyproject.toml', 'requires = ["setuptools", "wheel"]', 'requires = ["setuptools>=68", "wheel"]'],
  ['pyproject.toml', '', '"numpy>=1.24,<3",'],
  ['pyproject.toml', 'requires-python = ">=3.7"', 'requires-python = ">=3.9"'],
  ['pyproject.toml', '', 'asyncio_mode = "strict"'],
  ['pytest.ini', '', '[pytest]'],
  ['Gemfile', '', "gem 'nokogiri', '~> 1.16'"],
  ['Gemfile', "gem 'puma'", "gem 'puma', '>= 6.0'"],
  ['requirements.txt', '', 'flask >= 2.3'],
  ['tsconfig.json', '"lib": ["es2020"]', '"lib": ["es2020"],'],
];

const kept: Case[] = [
  ['package.json', '"express": "^4.18.2",', '"express": "4.17.1",'],
  ['package.json', '', '"express": "git+https://example.com/express.git",'],
  ['package.json', '', '"express": "file:../../../tmp/express",'],
  ['package.json', '', '"qs": "~0.0.9",'],
  ['package.json', '', '"zz-unknown-pkg-qq": "^1.0.0",'],
  ['package.json', '', '"scripts": {'],
  ['pyproject.toml', '', 'requires = ["setuptools==69.0.2"]'],
  ['pyproject.toml', '', 'requires = ["zz-unknown-pkg-qq>=1"]'],
  ['pyproject.toml', '', 'requires = ["requests @ https://example.com/requests.whl"]'],
  ['pyproject.toml', '', 'addopts = "-p evil_plugin"'],
  ['pyproject.toml', '', 'requires-python = "==3.11.4"'],
  ['pytest.ini', '', 'addopts = -p evil_plugin'],
  ['Gemfile', '', "gem 'rails', '7.1.3'"],
  ['Gemfile', '', "gem 'rails', git: 'https://example.com/rails.git'"],
  ['Gemfile', '', "gem 'zz-unknown-gem-qq'"],
  ['Gemfile', '', "source 'https://gems.example.com'"],
  ['requirements.txt', '', 'flask == 2.3.3'],
  ['tsconfig.json', '', '"paths": { "@/*": ["../../../../etc/*"] },'],
];

describe('dependency declarations of known packages by a range cross projects', () => {
  it.each(crosses)('crosses: %s `%s` → `%s`', (path, before, after) => {
    expect(cls(path, before, after)).toBe('safe');
  });
});

describe('a release, an unknown package, a source or an option stays in its project', () => {
  it.each(kept)('kept: %s `%s` → `%s`', (path, before, after) => {
    expect(cls(path, before, after)).not.toBe('safe');
  });
});
