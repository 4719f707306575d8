// Dependency declarations edited in a manifest (fix-policy/edit-kinds-deps.ts): a known package by a
// range crosses projects as the package manager's command would; a release, an unknown name, a
// source or an option stays in its project. Also requirement lines spaced around their operator.
import { describeEdits, type EditCase } from '../helpers/policy-edits.js';

const crosses: EditCase[] = [
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
  ['composer.json', '"php": "^8.1",', '"php": "^8.1 || ^8.2",'],
  ['composer.json', '', '"guzzlehttp/guzzle": "^7.8",'],
  ['tsconfig.json', '"lib": ["es2020"]', '"lib": ["es2020"],'],
];

const kept: EditCase[] = [
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
  ['composer.json', '', '"php": "8.1.27",'],
  ['composer.json', '', '"zz-unknown/pkg-qq": "^1.0",'],
  ['composer.json', '', '"guzzlehttp/guzzle": "dev-master",'],
  ['composer.json', '', '"minimum-stability": "dev",'],
  ['tsconfig.json', '', '"paths": { "@/*": ["../../../../etc/*"] },'],
];

describeEdits('dependency declarations of known packages by a range cross projects', crosses, true);

describeEdits('a release, an unknown package, a source or an option stays in its project', kept, false);
